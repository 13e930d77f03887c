// Issue 18, must-show 3: the search and stores answers are unchanged at bench scale. Records, for
// the catalogue bench's query mix (bench/catalog.mjs: product searches, price sorts, stores near me),
// the ids of the first two pages in order (page 2 through the first page's cursor, so the keyset is
// compared too), and compares a later run against a recorded one, query by query.
//
//   node bench/answers-unchanged.mjs record /tmp/answers-before.json   # with the code before
//   node bench/answers-unchanged.mjs compare /tmp/answers-before.json  # with the code after
//
// ANSWERS_SERVER_DIST picks the server build to start (default apps/server/dist; e.g. a copy of the
// build before the change); ANSWERS_DATABASE_URL the seeded bench city (default: the one
// `BENCH_ONLY=catalog node bench/run.mjs` seeds). The answers depend on the clock (a sale that ends
// changes a price), so a difference is checked against the old build run again at the same time.
// Beside the ids, the products' "from" price, offer count and shown offer, and the stores'
// distances are recorded and compared, reported apart from the ids.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { priceSortUrls, productSearchUrls, storesNearUrls } from './catalog.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(
  process.env.ANSWERS_SERVER_DIST ?? path.join(root, 'apps/server/dist'),
);
const databaseUrl =
  process.env.ANSWERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/localmart_bench_city';
const PAGES = 2;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(distDir, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 120_000) throw new Error('server not healthy within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

/** What one result contributes beside its id. */
function detailOf(url, item) {
  if (url.startsWith('/api/v1/products')) {
    return {
      from: item.lowestPrice?.amount ?? null,
      offers: item.offerCount,
      shown: item.bestOffer?.id ?? null,
    };
  }
  return { km: item.distanceKm ?? null };
}

async function answersOf(baseUrl) {
  const urls = [...productSearchUrls(), ...priceSortUrls(), ...storesNearUrls()];
  const answers = {};
  for (const url of urls) {
    const pages = [];
    let cursor = null;
    for (let page = 0; page < PAGES; page += 1) {
      const pageUrl = cursor === null ? url : `${url}&cursor=${encodeURIComponent(cursor)}`;
      const response = await fetch(`${baseUrl}${pageUrl}`);
      const body = await response.json();
      if (response.status !== 200 || body.status !== 1) {
        throw new Error(`${pageUrl}: HTTP ${response.status} ${body.message ?? ''}`);
      }
      pages.push(body.results);
      cursor = body.nextCursor;
      if (cursor === null) break;
    }
    const results = pages.flat();
    answers[url] = {
      ids: results.map((item) => item.id),
      details: results.map((item) => detailOf(url, item)),
    };
  }
  return answers;
}

async function main() {
  const [mode, file] = process.argv.slice(2);
  if (!['record', 'compare'].includes(mode) || !file) {
    console.error('usage: node bench/answers-unchanged.mjs record|compare <file.json>');
    process.exit(2);
  }
  const server = await startServer();
  let answers;
  try {
    answers = await answersOf(server.baseUrl);
  } finally {
    await server.stop();
  }
  const at = new Date().toISOString();
  if (mode === 'record') {
    writeFileSync(file, `${JSON.stringify({ at, build: distDir, answers }, null, 1)}\n`);
    console.log(`recorded ${Object.keys(answers).length} queries at ${at} into ${file}`);
    return;
  }
  const before = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`comparing ${distDir} (${at}) with ${file} (${before.at})`);
  let differentIds = 0;
  let differentDetails = 0;
  for (const [url, was] of Object.entries(before.answers)) {
    const now = answers[url];
    if (!now) {
      console.log(`MISSING  ${url}`);
      differentIds += 1;
      continue;
    }
    const sameIds = JSON.stringify(was.ids) === JSON.stringify(now.ids);
    const sameDetails = JSON.stringify(was.details) === JSON.stringify(now.details);
    if (!sameIds) differentIds += 1;
    if (!sameDetails) differentDetails += 1;
    const verdict = sameIds
      ? `same ${now.ids.length} ids in the same order${sameDetails ? '' : ' (details differ)'}`
      : `DIFFERENT ids (${was.ids.length} before, ${now.ids.length} now; first change at ${was.ids.findIndex((id, i) => now.ids[i] !== id)})`;
    console.log(`${verdict.padEnd(44)} ${url}`);
    if (!sameDetails) {
      was.details.forEach((detail, i) => {
        const other = now.details[i];
        if (JSON.stringify(detail) !== JSON.stringify(other)) {
          console.log(
            `    #${i} ${was.ids[i]}: ${JSON.stringify(detail)} -> ${now.ids[i]}: ${JSON.stringify(other)}`,
          );
        }
      });
    }
  }
  console.log(
    `${Object.keys(before.answers).length} queries: ${differentIds} with different ids, ${differentDetails} with different details`,
  );
  if (differentIds > 0 || differentDetails > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
