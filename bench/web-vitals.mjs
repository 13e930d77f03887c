// Lighthouse-style web vitals of the production build at phone size (catalogue issue, must-show 4):
// LCP and CLS of home and products, measured with Chromium's own performance APIs under Lighthouse's
// mobile throttling (4x CPU slowdown; 150 ms RTT, 1.6 Mbps down, 750 kbps up). Debian's Chromium only.
import { chromium } from '@playwright/test';

const PAGES = ['/home', '/products'];
const PHONE = { width: 390, height: 844 };
const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3);

/**
 * Collects LCP and CLS from the buffered entries once the page has settled, and what the LCP element
 * was (an image's URL or a text block's class), so a regression says where to look.
 */
const READ_VITALS = () =>
  new Promise((resolve) => {
    let lcp = 0;
    let element = '';
    let cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime < lcp) continue;
        lcp = entry.startTime;
        const node = entry.element;
        const name = node ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : '?';
        element = entry.url ? `${name} ${new URL(entry.url).pathname}` : name;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve({ lcp, cls, element }), 500);
  });

async function measurePage(browser, url) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(READ_VITALS);
  await context.close();
  return vitals;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function webVitals({ baseUrl, record }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measurePage(browser, `${baseUrl}${path}`));
      record(
        `LCP of ${path} at 390x844 (mobile throttling, median of ${RUNS})`,
        Math.round(median(runs.map((r) => r.lcp))),
        'ms',
        2500,
      );
      const medianRun = runs.find((run) => run.lcp === median(runs.map((r) => r.lcp)));
      console.log(`  LCP element of ${path}: ${medianRun?.element ?? '?'}`);
      record(
        `CLS of ${path} at 390x844 (worst of ${RUNS})`,
        Number(Math.max(...runs.map((r) => r.cls)).toFixed(3)),
        '',
        0.1,
      );
    }
  } finally {
    await browser.close();
  }
}
