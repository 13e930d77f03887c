// Commerce figures of `npm run bench` (commerce issue, must-show 3) on PostgreSQL with the small demo
// city: checkout throughput (orders placed and paid per second, through the embedded PayU simulator,
// the same form posts a browser makes) and GET cart latency. 127.0.0.1 only, bounded in time
// (BENCH_SECONDS) and in shoppers (BENCH_COMMERCE_SHOPPERS).
import pg from 'pg';

const COMMERCE_DB = 'localmart_bench_commerce';
const SHOPPERS = Number(process.env.BENCH_COMMERCE_SHOPPERS ?? 8);
const CART_SAMPLES = Number(process.env.BENCH_CART_SAMPLES ?? 300);
const API = '/api/v1';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function recreateDatabase(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${COMMERCE_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${COMMERCE_DB}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${COMMERCE_DB}`);
}

/** A signed-in shopper's API client (bearer token: no CSRF cookie needed). */
function shopperClient(baseUrl, token) {
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (json.status !== 1) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
    return json;
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    delete: (path) => call('DELETE', path),
  };
}

async function registerShopper(baseUrl, index) {
  const csrf = await (await fetch(`${baseUrl}${API}/csrf`)).json();
  const token = csrf.result.csrfToken;
  const headers = {
    'content-type': 'application/json',
    cookie: `lm_csrf=${token}`,
    'x-csrf-token': token,
  };
  const post = async (path, body) =>
    (
      await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json();
  const account = {
    email: `bench-shopper-${index}-${Date.now().toString(36)}@example.com`,
    password: 'bench-maple-syrup-42',
  };
  const registered = await post(`${API}/registration`, {
    first_name: 'Bench',
    last_name: `Shopper ${index}`,
    ...account,
  });
  if (registered.status !== 1) throw new Error(`registration: ${registered.message}`);
  const outbox = await (
    await fetch(`${baseUrl}${API}/dev/outbox?to=${encodeURIComponent(account.email)}`)
  ).json();
  const code = /\b(\d{6})\b/.exec(outbox.results?.[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the dev outbox');
  const verified = await post(`${API}/otp-verification`, {
    email: account.email,
    security_code: code,
  });
  if (verified.status !== 1) throw new Error(`verification: ${verified.message}`);
  const login = await post(`${API}/login`, account);
  if (login.status !== 1) throw new Error(`login: ${login.message}`);
  return login.result.token;
}

/** Offers of stores that sell online for pickup (paid now), one per store, from product pages. */
async function pickupOffers(baseUrl, wanted) {
  const offers = new Map();
  for (const query of ['milk', 'bread', 'coffee', 'pasta', 'shampoo', 'apple']) {
    const list = await (await fetch(`${baseUrl}${API}/products?q=${query}&limit=20`)).json();
    for (const product of list.results) {
      const detail = await (await fetch(`${baseUrl}${API}/products/${product.id}`)).json();
      for (const offer of detail.result.offers) {
        if (offer.fulfilment.buyOnlinePickup && !offers.has(offer.business.id)) {
          offers.set(offer.business.id, { offerId: offer.id, businessId: offer.business.id });
        }
      }
      if (offers.size >= wanted) return [...offers.values()];
    }
  }
  return [...offers.values()];
}

const FORM = /<form method="post" action="([^"]*)"/;
const HIDDEN = /<input type="hidden" name="([^"]*)" value="([^"]*)">/g;
const unescapeHtml = (text) =>
  text.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code)));

function readPageForm(html) {
  const action = FORM.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the simulator page: ${html.slice(0, 300)}`);
  const fields = {};
  for (const [, name, value] of html.matchAll(HIDDEN))
    fields[unescapeHtml(name)] = unescapeHtml(value);
  return { action: unescapeHtml(action), fields };
}

async function formPost(url, fields) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Cart -> place -> pay in the simulator -> PayU's return post; resolves when the order is paid. */
async function checkoutOnce(baseUrl, shopper, offer, key) {
  await shopper.post(`${API}/cart/items`, { kind: 'product', itemId: offer.offerId, quantity: 1 });
  const placed = await shopper.post(`${API}/checkouts`, {
    idempotencyKey: key,
    stores: [{ businessId: offer.businessId, fulfilment: 'buy_online_pickup' }],
  });
  const checkoutId = placed.result.id;
  const form = (await shopper.post(`${API}/checkouts/${checkoutId}/pay`, {})).result;
  // One card entry for the checkout; with the simulator the action is a path on the app's own host.
  const cardPage = await formPost(new URL(form.action, baseUrl).toString(), form.fields);
  const { fields: hidden } = readPageForm(await cardPage.text());
  const completed = await formPost(new URL('/payu-sim/complete', baseUrl).toString(), {
    ...hidden,
    ccnum: '5123456789012346',
    ccname: 'Bench Shopper',
    ccexpiry: '05/30',
    ccvv: '123',
    outcome: 'success',
  });
  const back = readPageForm(await completed.text());
  const landed = await formPost(new URL(back.action, baseUrl).toString(), back.fields);
  const location = landed.headers.get('location') ?? '';
  if (landed.status !== 303 || new URL(location, baseUrl).pathname !== `/order/${checkoutId}`) {
    throw new Error(`payment return answered ${landed.status} ${location}`);
  }
}

export async function commerceFigures({ adminUrl, startServer, runSeed, record, seconds }) {
  const databaseUrl = await recreateDatabase(adminUrl);
  await runSeed({ DATABASE_URL: databaseUrl });
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    // The dev outbox hands the bench its sign-up codes; the simulator is the payment provider.
    NODE_ENV: 'development',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const offers = await pickupOffers(server.baseUrl, SHOPPERS);
    if (offers.length < 5) throw new Error(`only ${offers.length} pickup offers in the demo city`);
    // Enough stock that the run measures checkout, not "out of stock".
    await db.query('UPDATE offers SET quantity = 1000000 WHERE id = ANY($1::uuid[])', [
      offers.map((offer) => offer.offerId),
    ]);
    const tokens = [];
    for (let i = 0; i < SHOPPERS; i += 1) tokens.push(await registerShopper(server.baseUrl, i));
    const shoppers = tokens.map((token) => shopperClient(server.baseUrl, token));

    // GET cart: a cart of 5 lines from 5 stores, re-priced on every read.
    const reader = shoppers[0];
    for (const offer of offers.slice(0, 5)) {
      await reader.post(`${API}/cart/items`, {
        kind: 'product',
        itemId: offer.offerId,
        quantity: 2,
      });
    }
    for (let i = 0; i < 20; i += 1) await reader.get(`${API}/cart`);
    const times = [];
    for (let i = 0; i < CART_SAMPLES; i += 1) {
      const started = performance.now();
      await reader.get(`${API}/cart`);
      times.push(performance.now() - started);
    }
    record(
      'GET cart (5 lines, 5 stores) on PostgreSQL, p50',
      Number(percentile(times, 50).toFixed(1)),
      'ms',
    );
    record(
      'GET cart (5 lines, 5 stores) on PostgreSQL, p95',
      Number(percentile(times, 95).toFixed(1)),
      'ms',
    );
    await reader.delete(`${API}/cart`);

    // Checkout throughput: every shopper loops cart -> place -> pay -> return for `seconds`.
    let paid = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      shoppers.map(async (shopper, index) => {
        let round = 0;
        while (performance.now() < deadline) {
          const offer = offers[(index + round) % offers.length];
          await checkoutOnce(
            server.baseUrl,
            shopper,
            offer,
            `bench${index}r${round}x${Date.now()}`,
          );
          paid += 1;
          round += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const { rows } = await db.query(
      "SELECT count(*)::int AS n FROM orders WHERE status = 'placed'",
    );
    if (rows[0].n !== paid)
      throw new Error(`counted ${paid} paid checkouts, the database has ${rows[0].n}`);
    record(
      `checkout throughput on PostgreSQL (${SHOPPERS} shoppers, place + pay in the simulator)`,
      Number((paid / elapsed).toFixed(1)),
      'orders/s',
    );
  } finally {
    await db.end();
    await server.stop();
  }
}
