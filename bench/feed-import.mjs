// Inventory feed figures of `npm run bench` (Manage Your Store issue, must-show 4): a 100,000-row
// feed pushed through the HTTP API (store API key) into one store on PostgreSQL, with the small demo
// city plus enough catalogue products (valid GTINs, inserted set-based) for every row. Three pushes:
// the first creates 100,000 offers, the second changes every quantity, the third is the second file
// again and must change nothing. 127.0.0.1 only; bounded by the row count and a per-push timeout.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

const FEEDS_DB = 'localmart_bench_feeds';
const ROWS = Number(process.env.BENCH_FEED_ROWS ?? 100_000);
const BUDGET_SECONDS = 30;
/** A push that takes longer than this is a failure, not a figure. */
const PUSH_TIMEOUT_MS = 120_000;
const PUSH_PATH = '/api/v1/inventory-feed';

async function recreateDatabase(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${FEEDS_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${FEEDS_DB}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${FEEDS_DB}`);
}

/**
 * ROWS extra products, one statement: GTIN-13s '2' + 11 digits (the in-store range, never a demo
 * code) with their GS1 check digit computed in SQL. Answers their GTINs in insert order.
 */
async function addCatalogueProducts(db) {
  await db.query(
    `INSERT INTO products (slug, title, brand, gtin, description, category_id, images, attributes)
     SELECT 'bench-feed-item-' || n, 'Bench feed item ' || n, 'Bench', body || check_digit, '',
            (SELECT id FROM categories ORDER BY id LIMIT 1), '[]'::jsonb, '[]'::jsonb
     FROM (SELECT n, '2' || lpad(n::text, 11, '0') AS body FROM generate_series(1, $1::int) AS n) b,
     LATERAL (SELECT ((10 - sum(substr(b.body, 12 - i, 1)::int
                                 * CASE WHEN i % 2 = 0 THEN 3 ELSE 1 END) % 10) % 10)::text
                     AS check_digit
              FROM generate_series(0, 11) AS i) c`,
    [ROWS],
  );
  const { rows } = await db.query(
    "SELECT gtin FROM products WHERE slug LIKE 'bench-feed-item-%' ORDER BY gtin",
  );
  if (rows.length !== ROWS) throw new Error(`inserted ${rows.length} products, wanted ${ROWS}`);
  return rows.map((row) => row.gtin);
}

/** A live store API key for the store, made as the API does (sha256 of the secret only). */
async function storeKey(db, businessId) {
  const secret = `lmk_${randomBytes(32).toString('base64url')}`;
  await db.query(
    `INSERT INTO store_api_keys (business_id, name, prefix, key_hash) VALUES ($1, 'bench', $2, $3)`,
    [businessId, secret.slice(0, 10), createHash('sha256').update(secret).digest('hex')],
  );
  return secret;
}

function feedText(storeCode, gtins, quantityOf) {
  const lines = ['store_code,gtin,quantity,price,availability'];
  gtins.forEach((gtin, index) => {
    const quantity = quantityOf(index);
    const price = `${(1 + (index % 50)).toString()}.${String(index % 100).padStart(2, '0')} CAD`;
    lines.push(
      `${storeCode},${gtin},${quantity},${price},${quantity > 0 ? 'in_stock' : 'out_of_stock'}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/**
 * One push, timed until its rows are applied: a small feed is applied at once (201 with its report),
 * a larger one is queued (202, then its progress at Location with the same key until it is done).
 */
async function push(baseUrl, secret, text) {
  const started = performance.now();
  const deadline = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  const response = await fetch(`${baseUrl}${PUSH_PATH}?mode=incremental`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/csv' },
    body: text,
    signal: deadline,
  });
  let body = await response.json();
  if ((response.status !== 201 && response.status !== 202) || body.status !== 1) {
    throw new Error(`feed push: HTTP ${response.status} ${body.message ?? ''}`);
  }
  const location = response.headers.get('location');
  while (body.result.status !== 'done') {
    if (body.result.status === 'failed') throw new Error(`feed push: ${body.result.failure}`);
    if (!location) throw new Error(`feed push: ${response.status} without a Location`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const progress = await fetch(`${baseUrl}${location}`, {
      headers: { authorization: `Bearer ${secret}` },
      signal: deadline,
    });
    body = await progress.json();
    if (progress.status !== 200 || body.status !== 1) {
      throw new Error(`feed progress: HTTP ${progress.status} ${body.message ?? ''}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (body.result.rowsFailed !== 0) {
    throw new Error(
      `feed push: ${body.result.rowsFailed} bad rows: ${JSON.stringify(body.result.errors.slice(0, 3))}`,
    );
  }
  return { seconds, report: body.result };
}

export async function feedImportFigures({ adminUrl, startServer, runSeed, record }) {
  const databaseUrl = await recreateDatabase(adminUrl);
  await runSeed({ DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let server;
  try {
    const gtins = await addCatalogueProducts(db);
    const {
      rows: [store],
    } = await db.query('SELECT id, store_code FROM businesses ORDER BY slug LIMIT 1');
    const secret = await storeKey(db, store.id);
    server = await startServer({ DATABASE_URL: databaseUrl, RATE_LIMIT_MULTIPLIER: '1000' });
    const size = (text) => `${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`;

    const create = feedText(store.store_code, gtins, (index) => index % 40);
    const created = await push(server.baseUrl, secret, create);
    if (created.report.rowsChanged !== ROWS) {
      throw new Error(`first push changed ${created.report.rowsChanged} rows, wanted ${ROWS}`);
    }
    record(
      `feed import, ${ROWS} rows creating offers (${size(create)} CSV, API push) on PostgreSQL`,
      Number(created.seconds.toFixed(2)),
      's',
      BUDGET_SECONDS,
    );
    record(
      `feed import rows/s (creating offers) on PostgreSQL`,
      Math.round(ROWS / created.seconds),
      'rows/s',
    );

    const update = feedText(store.store_code, gtins, (index) => (index % 40) + 1);
    const updated = await push(server.baseUrl, secret, update);
    if (updated.report.rowsChanged !== ROWS) {
      throw new Error(`second push changed ${updated.report.rowsChanged} rows, wanted ${ROWS}`);
    }
    record(
      `feed import, ${ROWS} rows updating every offer on PostgreSQL`,
      Number(updated.seconds.toFixed(2)),
      's',
      BUDGET_SECONDS,
    );
    record(
      `feed import rows/s (updating offers) on PostgreSQL`,
      Math.round(ROWS / updated.seconds),
      'rows/s',
    );

    const again = await push(server.baseUrl, secret, update);
    record(
      `feed import, the same ${ROWS} rows again on PostgreSQL`,
      Number(again.seconds.toFixed(2)),
      's',
      BUDGET_SECONDS,
    );
    record(
      'feed import, rows changed by the identical re-upload',
      again.report.rowsChanged,
      'rows',
      0,
    );
  } finally {
    await db.end();
    if (server) await server.stop();
  }
}
