// Catalogue figures of `npm run bench` (catalogue issue, must-show 3; issue 18): product search,
// stores-near-me and price-sort latency on the bench-scale city in PostgreSQL, and the same queries
// on the small city in PGlite against PostgreSQL. Requests are sequential (latency, not throughput),
// on 127.0.0.1 only, bounded by SAMPLES. bench/answers-unchanged.mjs records their answers.
import pg from 'pg';

const SAMPLES = Number(process.env.BENCH_CATALOG_SAMPLES ?? 200);
const WARMUP_MS = 3_000;
const BENCH_CITY_DB = 'localmart_bench_city';
const SMALL_CITY_DB = 'localmart_bench_small_city';

// Spread over the demo region so the radius filter sees dense and sparse areas.
const LOCATIONS = [
  [43.6532, -79.3832],
  [43.6547, -79.4005],
  [43.6626, -79.3322],
  [43.6703, -79.4074],
  [43.7066, -79.3985],
  [43.768, -79.4128],
  [43.6465, -79.4637],
  [43.7757, -79.2578],
];
const SEARCHES = [
  'milk',
  'mlik',
  'bread',
  'coffee',
  'chees',
  'apple juice',
  'shampoo',
  'organic eggs',
  'pasta',
  'chocolate',
];

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeRequests(baseUrl, urls) {
  // Warm-up: every URL, then on for WARMUP_MS, so caches, prepared statements (one parse per
  // pooled connection) and V8's optimised code are in the steady state being measured. One pass
  // of 20 requests left the first figure of a fresh server several ms above the same figure
  // measured right after it (issue 18, ADR 0026).
  const warmStarted = performance.now();
  for (let i = 0; i < urls.length || performance.now() - warmStarted < WARMUP_MS; i += 1) {
    await fetch(`${baseUrl}${urls[i % urls.length]}`).then((r) => r.arrayBuffer());
  }
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const url = urls[i % urls.length];
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`);
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200 || body.status !== 1) {
      throw new Error(`${url}: HTTP ${response.status} ${body.message ?? ''}`);
    }
  }
  return {
    p50: Number(percentile(times, 50).toFixed(1)),
    p95: Number(percentile(times, 95).toFixed(1)),
  };
}

export function productSearchUrls() {
  return SEARCHES.flatMap((q, i) => {
    const [lat, lng] = LOCATIONS[i % LOCATIONS.length];
    return [`/api/v1/products?q=${encodeURIComponent(q)}&lat=${lat}&lng=${lng}`];
  });
}

/**
 * The price sorts of issue 18: a text query by price, a category by price (a leaf aisle and the
 * whole grocery tree), and the shopper's area by price with no text, cheapest and dearest first,
 * spread over the locations (one without, as a shopper who shared none).
 */
export function priceSortUrls() {
  const located = (i) => {
    const [lat, lng] = LOCATIONS[i % LOCATIONS.length];
    return `&lat=${lat}&lng=${lng}`;
  };
  return [
    `/api/v1/products?q=milk&sort=price_asc${located(0)}`,
    `/api/v1/products?q=milk&sort=price_desc${located(3)}`,
    '/api/v1/products?q=milk&sort=price_asc',
    `/api/v1/products?q=coffee&sort=price_asc${located(5)}`,
    `/api/v1/products?category=cheese&sort=price_asc${located(1)}`,
    `/api/v1/products?category=cheese&sort=price_desc${located(6)}`,
    `/api/v1/products?category=grocery&sort=price_asc${located(2)}`,
    '/api/v1/products?category=cheese&sort=price_asc',
    `/api/v1/products?sort=price_asc${located(4)}`,
    `/api/v1/products?sort=price_desc${located(7)}`,
    `/api/v1/products?sort=price_asc&inStockOnly=1&radiusKm=5${located(0)}`,
  ];
}

export function storesNearUrls() {
  return LOCATIONS.flatMap(([lat, lng]) => [
    `/api/v1/businesses?lat=${lat}&lng=${lng}&sort=distance`,
    `/api/v1/businesses?lat=${lat}&lng=${lng}&sort=distance&kind=retail&radiusKm=5`,
  ]);
}

async function recreateDatabase(adminUrl, name, { keepIfSeeded = false } = {}) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (keepIfSeeded && exists.rowCount > 0) {
      const target = new pg.Client({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
      await target.connect();
      try {
        const offers = await target
          .query('select count(*)::int as n from offers')
          .catch(() => null);
        if ((offers?.rows[0]?.n ?? 0) >= 1_000_000) return false;
      } finally {
        await target.end();
      }
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    return true;
  } finally {
    await client.end();
  }
}

export async function catalogFigures({ adminUrl, startServer, runSeed, record, dataDir }) {
  const urlOf = (name) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

  // Bench scale on PostgreSQL: 2,000 stores, 200,000 products, 1,000,000 offers. The seeded database
  // is kept between runs (seeding takes minutes); BENCH_RESEED=1 rebuilds it.
  const reseed = await recreateDatabase(adminUrl, BENCH_CITY_DB, {
    keepIfSeeded: process.env.BENCH_RESEED !== '1',
  });
  if (reseed) {
    const started = performance.now();
    await runSeed({ DATABASE_URL: urlOf(BENCH_CITY_DB) }, ['--scale', 'bench']);
    record(
      'seed the bench city into PostgreSQL',
      ((performance.now() - started) / 1000).toFixed(0),
      's',
    );
    // The state a running database is in, not a bulk load's: the seed's million inserts leave the
    // search GIN index's pending list full (every search scans it: p50 69 ms instead of 29 ms on a
    // fresh seed) and no visibility map, until autovacuum gets there. Measured after VACUUM.
    const vacuum = new pg.Client({ connectionString: urlOf(BENCH_CITY_DB) });
    await vacuum.connect();
    try {
      await vacuum.query('VACUUM ANALYZE');
    } finally {
      await vacuum.end();
    }
  } else {
    console.log(`reusing the seeded bench city in ${BENCH_CITY_DB} (BENCH_RESEED=1 rebuilds it)`);
  }
  const bench = await startServer({ DATABASE_URL: urlOf(BENCH_CITY_DB) });
  try {
    // Budgets of issue 18 (ADR 0024).
    const search = await timeRequests(bench.baseUrl, productSearchUrls());
    record('product search, bench city on PostgreSQL, p50', search.p50, 'ms');
    record('product search, bench city on PostgreSQL, p95', search.p95, 'ms', 20);
    const near = await timeRequests(bench.baseUrl, storesNearUrls());
    record('stores near me, bench city on PostgreSQL, p50', near.p50, 'ms');
    record('stores near me, bench city on PostgreSQL, p95', near.p95, 'ms', 10);
    const prices = await timeRequests(bench.baseUrl, priceSortUrls());
    record('price sorts, bench city on PostgreSQL, p50', prices.p50, 'ms');
    record('price sorts, bench city on PostgreSQL, p95', prices.p95, 'ms', 50);
  } finally {
    await bench.stop();
  }

  // BENCH_CATALOG_SMALL=0 stops here (the bench city's figures alone, e.g. while tuning its queries).
  if (process.env.BENCH_CATALOG_SMALL === '0') return;

  // The small city on both databases: the same queries, PGlite against PostgreSQL.
  await recreateDatabase(adminUrl, SMALL_CITY_DB);
  await runSeed({ DATABASE_URL: urlOf(SMALL_CITY_DB) }, ['--scale', 'small']);
  const onPostgres = await startServer({ DATABASE_URL: urlOf(SMALL_CITY_DB) });
  let postgres;
  try {
    postgres = {
      search: await timeRequests(onPostgres.baseUrl, productSearchUrls()),
      near: await timeRequests(onPostgres.baseUrl, storesNearUrls()),
    };
  } finally {
    await onPostgres.stop();
  }
  // The embedded first start seeds the small city itself.
  const onPglite = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  let pglite;
  try {
    pglite = {
      search: await timeRequests(onPglite.baseUrl, productSearchUrls()),
      near: await timeRequests(onPglite.baseUrl, storesNearUrls()),
    };
  } finally {
    await onPglite.stop();
  }
  for (const [name, key] of [
    ['product search', 'search'],
    ['stores near me', 'near'],
  ]) {
    record(
      `${name}, small city, p50 PGlite / PostgreSQL`,
      `${pglite[key].p50} / ${postgres[key].p50}`,
      'ms',
    );
    record(
      `${name}, small city, ratio PGlite / PostgreSQL (p50)`,
      Number((pglite[key].p50 / postgres[key].p50).toFixed(2)),
      'x',
    );
  }
}
