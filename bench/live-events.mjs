// Live-events figures of `npm run bench` (issue 14, must-show 6), on PostgreSQL: 500 event-stream
// clients (one shopper each) held open on one server process, its memory per client (RSS delta /
// clients), then EVENTS events committed one by one straight into the database (the statement
// publishLive runs: insert + pg_notify in one transaction) to clients chosen in turn, timed from
// the COMMIT's answer to the event's arrival at its client (p50, p95). 127.0.0.1 only; bounded by
// the client and event counts and a timeout per step.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const LIVE_DB = 'localmart_bench_live';
const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 500);
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 300);
const P95_BUDGET_MS = 100;
const KB_PER_CLIENT_BUDGET = 50;
const STEP_TIMEOUT_MS = 60_000;
const STREAM_PATH = '/api/v1/events';

async function recreateDatabase(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${LIVE_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${LIVE_DB}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${LIVE_DB}`);
}

/** CLIENTS verified shoppers with a live session each (as createSession stores them: sha256). */
async function shoppers(db) {
  const tokens = Array.from({ length: CLIENTS }, () => randomBytes(32).toString('base64url'));
  const { rows } = await db.query(
    `INSERT INTO users (first_name, last_name, display_name, email, email_verified_at)
     SELECT 'Bench', 'Shopper ' || n, 'Bench Shopper ' || n, 'live-bench-' || n || '@example.com', now()
     FROM generate_series(1, $1::int) AS n
     RETURNING id`,
    [CLIENTS],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
     SELECT hash, user_id, now(), now(), now() + interval '1 day'
     FROM unnest($1::text[], $2::uuid[]) AS s(hash, user_id)`,
    [
      tokens.map((token) => createHash('sha256').update(token).digest('hex')),
      rows.map((r) => r.id),
    ],
  );
  return rows.map((row, i) => ({ userId: row.id, token: tokens[i] }));
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]);
}

/** Opens one stream; calls onId(id, at) for each event id as it arrives. */
async function openStream(baseUrl, token, onId, signal) {
  const response = await fetch(`${baseUrl}${STREAM_PATH}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal,
  });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id) onId(id, at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: over ${STEP_TIMEOUT_MS} ms`)),
      STEP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function liveEventsFigures({ adminUrl, startServer, record }) {
  const databaseUrl = await recreateDatabase(adminUrl);
  // One process holds every stream; the rate limit of stream opens is per user (one each here).
  const server = await startServer({ DATABASE_URL: databaseUrl, ROLE: 'api' });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const controller = new AbortController();
  try {
    const people = await shoppers(db);
    const arrived = new Map();
    let waiting = new Map();
    const onId = (id, at) => {
      arrived.set(id, at);
      waiting.get(id)?.(at);
    };

    // Warm up (JIT, first-request allocations) on one stream, then measure from a settled process.
    await openStream(server.baseUrl, people[0].token, onId, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = rssKb(server.pid);
    const opened = performance.now();
    await withTimeout(
      Promise.all(
        people.slice(1).map((p) => openStream(server.baseUrl, p.token, onId, controller.signal)),
      ),
      `opening ${CLIENTS} streams`,
    );
    const openSeconds = (performance.now() - opened) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = rssKb(server.pid);
    const perClientKb = (after - before) / (CLIENTS - 1);
    record(
      `live events: ${CLIENTS} streams held on one process, opened in`,
      openSeconds.toFixed(2),
      's',
    );
    record(
      `live events: memory per open stream (RSS ${Math.round(before / 1024)} -> ${Math.round(after / 1024)} MB)`,
      perClientKb.toFixed(1),
      'KB',
      KB_PER_CLIENT_BUDGET,
    );

    const latencies = [];
    for (let i = 0; i < EVENTS; i += 1) {
      const person = people[(i * 7) % CLIENTS];
      await db.query('BEGIN');
      const { rows } = await db.query(
        `WITH inserted AS (
           INSERT INTO live_events (audience, data) VALUES ($1, $2::jsonb) RETURNING id
         )
         SELECT id::text AS id, pg_notify('live_events', id::text || ' ' || $1) FROM inserted`,
        [
          `user:${person.userId}`,
          JSON.stringify({ kind: 'notification.created', notificationId: `bench-${i}` }),
        ],
      );
      const id = rows[0].id;
      const received = new Promise((resolve) => waiting.set(id, resolve));
      await db.query('COMMIT');
      const committed = performance.now();
      const at = arrived.get(id) ?? (await withTimeout(received, `event ${id}`));
      waiting.delete(id);
      latencies.push(Math.max(0, at - committed));
      // About 50 events a second: a busy marketplace's order traffic, not a flood.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    latencies.sort((a, b) => a - b);
    record(
      `live events: commit -> receipt p50 (${EVENTS} events, ${CLIENTS} streams open)`,
      percentile(latencies, 50).toFixed(1),
      'ms',
    );
    record(
      'live events: commit -> receipt p95',
      percentile(latencies, 95).toFixed(1),
      'ms',
      P95_BUDGET_MS,
    );
    waiting = new Map();
  } finally {
    controller.abort();
    await db.end().catch(() => {});
    await server.stop();
  }
}
