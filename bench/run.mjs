// npm run bench: measures the figures the issues name and prints them with their budgets.
// Loads only ever target 127.0.0.1 and are bounded in time (autocannon -d) and count.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { INITIAL_JS_BUDGET_KB, initialJsSize } from '../apps/web/scripts/initial-js-size.mjs';
import { catalogFigures } from './catalog.mjs';
import { commerceFigures } from './commerce.mjs';
import { feedImportFigures } from './feed-import.mjs';
import { liveEventsFigures } from './live-events.mjs';
import { relevanceFigures } from './relevance.mjs';
import { webVitals } from './web-vitals.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const seedEntry = path.join(root, 'apps/server/dist/seed.cli.js');
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const adminUrl =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDbName = 'localmart_bench';

/**
 * BENCH_ONLY=catalog,vitals runs only those sections (start, pages, accounts, js, catalog, relevance,
 * commerce, feeds, live, vitals).
 */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (section) => !only || only.includes(section);

const results = [];
function record(name, value, unit, budget) {
  const pass = budget === undefined ? undefined : value <= budget;
  results.push({ name, value, unit, budget, pass });
  const budgetText =
    budget === undefined ? '' : `  (budget <= ${budget} ${unit}: ${pass ? 'PASS' : 'FAIL'})`;
  console.log(`${name}: ${value} ${unit}${budgetText}`);
}

/** A figure with a floor instead of a ceiling (e.g. a throughput ratio). */
function recordAtLeast(name, value, unit, goal) {
  const pass = value >= goal;
  results.push({ name, value, unit, goal, pass });
  console.log(`${name}: ${value} ${unit}  (goal >= ${goal}: ${pass ? 'PASS' : 'FAIL'})`);
}

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

/** Start the production server and time spawn -> first healthy answer. */
async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench pays nothing real: it runs production on the embedded PayU simulator.
      ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 60_000) throw new Error('server not healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { baseUrl, seconds, stop, pid: child.pid };
}

const WARMUP_SECONDS = 2;

async function load(url, headers = {}, duration = LOAD_SECONDS) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function postgresAvailable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${benchDbName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${benchDbName}`);
    return true;
  } catch (error) {
    console.log(
      `PostgreSQL not available at ${adminUrl} (${error.message}): its figures are skipped`,
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function runSeed(env, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [seedEntry, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
}

/** A browser-like API client: holds the CSRF cookie and echoes it on writes (docs/decisions/0002). */
async function apiSession(baseUrl) {
  const response = await fetch(`${baseUrl}/api/v1/csrf`);
  const { result } = await response.json();
  const cookie = `lm_csrf=${result.csrfToken}`;
  const post = async (path, body) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': result.csrfToken },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json() };
  };
  return { post };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const LOGIN_SAMPLES = 20;

/**
 * Register and verify a user through the API (the code read from the dev outbox, so this server runs
 * in the default, non-production mode), sign in, then load GET whoami with the bearer token and a
 * bare route (GET health) in the same run, and time sequential logins.
 */
async function accountsFigures(label, env) {
  const server = await startServer({
    ...env,
    NODE_ENV: 'development',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  try {
    const api = await apiSession(server.baseUrl);
    const account = {
      email: `bench-${Date.now().toString(36)}@example.com`,
      password: 'bench-maple-syrup-42',
    };
    const registered = await api.post('/api/v1/registration', {
      first_name: 'Bench',
      last_name: 'Mark',
      ...account,
    });
    if (registered.body.status !== 1) throw new Error(`registration: ${registered.body.message}`);
    const outbox = await (
      await fetch(`${server.baseUrl}/api/v1/dev/outbox?to=${encodeURIComponent(account.email)}`)
    ).json();
    const code = /\b(\d{6})\b/.exec(outbox.results?.[0]?.text ?? '')?.[1];
    if (!code) throw new Error('no verification code in the dev outbox');
    const verified = await api.post('/api/v1/otp-verification', {
      email: account.email,
      security_code: code,
    });
    if (verified.body.status !== 1) throw new Error(`verification: ${verified.body.message}`);

    const loginTimes = [];
    let token;
    for (let i = 0; i < LOGIN_SAMPLES; i += 1) {
      const started = performance.now();
      const login = await api.post('/api/v1/login', account);
      loginTimes.push(performance.now() - started);
      if (login.body.status !== 1) throw new Error(`login: ${login.body.message}`);
      token = login.body.result.token;
    }

    // The same run, fairly: both routes warmed up first (JIT, PGlite caches), then the bare route
    // measured before and after whoami and averaged, so neither side gains from running second.
    const whoamiUrl = `${server.baseUrl}/api/v1/whoami`;
    const bareUrl = `${server.baseUrl}/api/v1/health`;
    const auth = { authorization: `Bearer ${token}` };
    await load(bareUrl, {}, WARMUP_SECONDS);
    await load(whoamiUrl, auth, WARMUP_SECONDS);
    const bareBefore = await load(bareUrl);
    const whoami = await load(whoamiUrl, auth);
    const bareAfter = await load(bareUrl);
    const bare = {
      rps: Math.round((bareBefore.rps + bareAfter.rps) / 2),
      p99: Math.max(bareBefore.p99, bareAfter.p99),
    };
    record(`GET whoami on ${label}, requests/s`, whoami.rps, 'req/s');
    record(`GET whoami on ${label}, p99`, whoami.p99, 'ms');
    record(`GET health (bare route) on ${label}, requests/s`, bare.rps, 'req/s');
    recordAtLeast(
      `whoami / bare route throughput on ${label}`,
      Number((whoami.rps / bare.rps).toFixed(2)),
      'x',
      0.5,
    );
    record(
      `login median over ${LOGIN_SAMPLES} sequential logins on ${label} (argon2id)`,
      Math.round(median(loginTimes)),
      'ms',
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `Localmart bench — load: ${CONNECTIONS} connections x ${LOAD_SECONDS} s per figure, 127.0.0.1 only\n`,
  );

  // 1. Cold start on PGlite: first start creates the database, the second reuses the folder.
  if (wanted('start')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
      record(
        'cold start, first start (creates the embedded database)',
        first.seconds.toFixed(2),
        's',
        15,
      );
      await first.stop();
      const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
      record('cold start, existing data folder', again.seconds.toFixed(2), 's', 3);
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  // 2-3. GET pages on PGlite and on PostgreSQL, one after the other in the same run, printed side by
  // side (issue 18): the embedded database serves one connection, PostgreSQL a pool.
  const havePostgres = await postgresAvailable();
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${benchDbName}`);
  if (wanted('pages')) {
    const pagesDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-pages-'));
    let pglite;
    try {
      // Seeded first (the demo city a first start loads), so the server starts within the health wait.
      await runSeed({ DATA_DIR: pagesDir, DATABASE_URL: '' });
      const server = await startServer({ DATA_DIR: pagesDir, DATABASE_URL: '' });
      try {
        await load(`${server.baseUrl}/api/v1/pages?page=1&limit=10`, {}, WARMUP_SECONDS);
        pglite = await load(`${server.baseUrl}/api/v1/pages?page=1&limit=10`);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(pagesDir, { recursive: true, force: true });
    }
    record('GET pages on PGlite, requests/s', pglite.rps, 'req/s');
    record('GET pages on PGlite, p99', pglite.p99, 'ms');
    if (havePostgres) {
      await runSeed({ DATABASE_URL: databaseUrl });
      const server = await startServer({ DATABASE_URL: databaseUrl });
      let postgres;
      try {
        await load(`${server.baseUrl}/api/v1/pages?page=1&limit=10`, {}, WARMUP_SECONDS);
        postgres = await load(`${server.baseUrl}/api/v1/pages?page=1&limit=10`);
      } finally {
        await server.stop();
      }
      record('GET pages on PostgreSQL, requests/s', postgres.rps, 'req/s');
      record('GET pages on PostgreSQL, p99', postgres.p99, 'ms');
      record(
        'GET pages requests/s, PGlite / PostgreSQL',
        `${pglite.rps} / ${postgres.rps}`,
        'req/s',
      );
    }
  }

  // 4. Accounts: whoami against a bare route, and login latency (argon2 bound)
  if (wanted('accounts')) {
    const accountsDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-accounts-'));
    try {
      await accountsFigures('PGlite', { DATA_DIR: accountsDir, DATABASE_URL: '' });
    } finally {
      rmSync(accountsDir, { recursive: true, force: true });
    }
    if (havePostgres) {
      if (!wanted('pages')) await runSeed({ DATABASE_URL: databaseUrl });
      await accountsFigures('PostgreSQL', { DATABASE_URL: databaseUrl });
    }
  }

  // 5. Initial JS of the shell (issue 18's budget, the one initial-js-budget.test.ts enforces)
  if (wanted('js')) {
    const initial = await initialJsSize(path.join(root, 'apps/web/dist'));
    record('initial JS of the shell, gzipped', initial.totalKb, 'KB', INITIAL_JS_BUDGET_KB);
  }

  // 6. Catalogue: search and stores near me (bench city on PostgreSQL; PGlite / PostgreSQL on small)
  if (havePostgres && wanted('catalog')) {
    const cityDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-city-'));
    try {
      await catalogFigures({ adminUrl, startServer, runSeed, record, dataDir: cityDir });
    } finally {
      rmSync(cityDir, { recursive: true, force: true });
    }
  }

  // 6b. Search relevance: the judged query set's precision@3 and nDCG@10 (demo city, PGlite)
  if (wanted('relevance')) {
    await relevanceFigures({ startServer, runSeed, recordAtLeast });
  }

  // 7. Commerce: checkout throughput with payment simulated, GET cart latency (PostgreSQL)
  if (havePostgres && wanted('commerce')) {
    await commerceFigures({ adminUrl, startServer, runSeed, record, seconds: LOAD_SECONDS });
  }

  // 7b. Inventory feeds: a 100,000-row feed pushed with a store API key (PostgreSQL)
  if (havePostgres && wanted('feeds')) {
    await feedImportFigures({ adminUrl, startServer, runSeed, record });
  }

  // 7c. Live events: 500 streams on one process (memory per stream), commit -> receipt p95 (PostgreSQL)
  if (havePostgres && wanted('live')) {
    await liveEventsFigures({ adminUrl, startServer, record });
  }

  // 8. Web vitals of the production build at phone size (home, products)
  if (wanted('vitals')) {
    const vitalsDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-vitals-'));
    const vitalsServer = await startServer({ DATA_DIR: vitalsDir, DATABASE_URL: '' });
    try {
      await webVitals({ baseUrl: vitalsServer.baseUrl, record });
    } finally {
      await vitalsServer.stop();
      rmSync(vitalsDir, { recursive: true, force: true });
    }
  }

  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(
    root,
    'bench/results',
    `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  console.log(`\nwritten ${path.relative(root, file)}`);
  const failed = results.filter((r) => r.pass === false);
  if (failed.length > 0) {
    console.log(`${failed.length} budget(s) failed: ${failed.map((r) => r.name).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
