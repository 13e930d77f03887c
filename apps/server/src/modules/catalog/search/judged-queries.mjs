// The judged query set of the catalogue search (issue 17, ADR 0014): what a shopper types in the
// demo city (seed 'localmart-toronto', small scale) and which results are right, graded 2 (exactly
// what was asked) or 1 (acceptable). Read by the relevance test (judged-queries.test.ts, with a
// floor) and by `npm run bench` (bench/relevance.mjs), both through the HTTP API, so both measure
// what a shopper gets. Plain JS (with judged-queries.d.mts) so the bench can import it unbuilt.
//
// A rule grades a result when every field it names matches (case-insensitive regular expressions):
// `name` (a product's title, a store's, dish's or service's name), `category` (any of the result's
// category names) and `store` (the store a dish or service belongs to). `forbidden` rules name
// results that must never be in the top 3 (e.g. muesli for "milk").
import { URLSearchParams } from 'node:url';

/** @type {import('./judged-queries.d.mts').JudgedQuery[]} */
export const JUDGED_QUERIES = [
  // Stores: categories, cuisines and synonyms.
  { list: 'stores', q: 'pizza', relevant: [{ name: 'Forno Rosso', grade: 2 }] },
  { list: 'stores', q: 'mexican', relevant: [{ name: 'Casa Verde', grade: 2 }] },
  { list: 'stores', q: 'japanese', relevant: [{ name: 'Kaze', grade: 2 }] },
  { list: 'stores', q: 'sushi', relevant: [{ name: 'Kaze', grade: 2 }] },
  { list: 'stores', q: 'tacos', relevant: [{ name: 'Casa Verde', grade: 2 }] },
  { list: 'stores', q: 'indian', relevant: [{ name: 'Tandoor House', grade: 2 }] },
  { list: 'stores', q: 'vietnamese', relevant: [{ name: 'Lemongrass Kitchen', grade: 2 }] },
  { list: 'stores', q: 'pho', relevant: [{ name: 'Lemongrass Kitchen', grade: 2 }] },
  {
    list: 'stores',
    q: 'italian',
    relevant: [
      { name: "Nonna's Kitchen", grade: 2 },
      { name: 'Forno Rosso', grade: 1 },
    ],
  },
  { list: 'stores', q: 'middle eastern', relevant: [{ name: 'Cedar Grill', grade: 2 }] },
  {
    list: 'stores',
    q: 'burgers',
    relevant: [{ category: 'Diners & Burgers', grade: 2 }],
  },
  {
    list: 'stores',
    q: 'coffee',
    relevant: [
      { category: '^Cafés$', grade: 2 },
      { category: 'Coffee & Tea', grade: 1 },
    ],
  },
  {
    list: 'stores',
    q: 'bakery',
    relevant: [
      { name: 'Bakehouse|Flour & Salt', grade: 2 },
      { category: 'Cafés', grade: 1 },
    ],
  },
  { list: 'stores', q: 'pharmacy', relevant: [{ category: 'Health & Pharmacy', grade: 2 }] },
  { list: 'stores', q: 'drugstore', relevant: [{ category: 'Health & Pharmacy', grade: 2 }] },
  { list: 'stores', q: 'hardware', relevant: [{ category: '^Hardware$', grade: 2 }] },
  {
    list: 'stores',
    q: 'grocery',
    relevant: [
      { category: '^Grocery$', grade: 2 },
      { category: 'Fruit & Vegetables|Milk', grade: 1 },
    ],
  },
  { list: 'stores', q: 'florist', relevant: [{ category: 'Flowers & Plants', grade: 2 }] },
  { list: 'stores', q: 'books', relevant: [{ category: '^Books$', grade: 2 }] },
  { list: 'stores', q: 'pet supplies', relevant: [{ category: 'Pet Supplies', grade: 2 }] },
  { list: 'stores', q: 'barber', relevant: [{ category: 'Barbers', grade: 2 }] },
  {
    list: 'stores',
    q: 'haircut',
    relevant: [{ category: 'Barbers|Hair Salons', grade: 2 }],
  },
  { list: 'stores', q: 'nails', relevant: [{ category: 'Nails', grade: 2 }] },
  { list: 'stores', q: 'yoga', relevant: [{ category: 'Yoga', grade: 2 }] },
  { list: 'stores', q: 'dry cleaning', relevant: [{ category: 'Dry Cleaning', grade: 2 }] },
  { list: 'stores', q: 'electronics', relevant: [{ category: 'Electronics', grade: 2 }] },
  {
    list: 'stores',
    q: 'phone repair',
    relevant: [{ category: 'Phone & Computer Repair', grade: 2 }],
  },

  // Products: every word in what the product is, categories, synonyms, brands.
  {
    list: 'products',
    q: 'batteries',
    relevant: [{ name: 'batteries', category: 'Batteries', grade: 2 }],
    forbidden: [{ name: 'saw|driver|sander|multi-tool|drill' }],
  },
  {
    list: 'products',
    q: 'milk',
    relevant: [
      { category: '^Milk$', grade: 2 },
      { name: 'milk', grade: 1 },
    ],
    forbidden: [{ name: 'muesli|granola|oats|bran' }],
  },
  {
    list: 'products',
    q: 'milk',
    sort: 'price_desc',
    relevant: [
      { category: '^Milk$', grade: 2 },
      { name: 'milk', grade: 1 },
    ],
    forbidden: [{ name: 'muesli|granola|oats|bran' }],
  },
  {
    list: 'products',
    q: 'oat milk',
    relevant: [{ name: 'oat (milk|beverage|drink)', grade: 2 }],
    forbidden: [{ name: 'oats|oat rings|muesli|granola' }],
  },
  { list: 'products', q: 'mlik', relevant: [{ category: '^Milk$', grade: 2 }] },
  { list: 'products', q: 'chocolate milk', relevant: [{ name: 'chocolate milk', grade: 2 }] },
  { list: 'products', q: 'pop', relevant: [{ category: 'Soft Drinks', grade: 2 }] },
  { list: 'products', q: 'soda', relevant: [{ category: 'Soft Drinks', grade: 2 }] },
  { list: 'products', q: 'cheddar', relevant: [{ name: 'cheddar', grade: 2 }] },
  { list: 'products', q: 'greek yogurt', relevant: [{ name: 'greek yogurt', grade: 2 }] },
  {
    list: 'products',
    q: 'yoghurt',
    relevant: [
      { name: 'yogurt', grade: 2 },
      { category: 'Yogurt', grade: 1 },
    ],
  },
  {
    list: 'products',
    q: 'coffee',
    relevant: [
      { name: 'coffee|espresso', category: 'Coffee', grade: 2 },
      { category: 'Coffee & Tea', grade: 1 },
    ],
  },
  { list: 'products', q: 'green tea', relevant: [{ name: 'green tea', grade: 2 }] },
  { list: 'products', q: 'cat food', relevant: [{ category: 'Cat Food', grade: 2 }] },
  { list: 'products', q: 'dog food', relevant: [{ category: 'Dog Food', grade: 2 }] },
  { list: 'products', q: 'paper towels', relevant: [{ name: 'paper towels', grade: 2 }] },
  { list: 'products', q: 'toilet paper', relevant: [{ name: 'bathroom tissue', grade: 2 }] },
  { list: 'products', q: 'dish soap', relevant: [{ name: 'dish soap', grade: 2 }] },
  { list: 'products', q: 'shampoo', relevant: [{ name: 'shampoo', grade: 2 }] },
  { list: 'products', q: 'toothpaste', relevant: [{ name: 'toothpaste', grade: 2 }] },
  { list: 'products', q: 'ibuprofen', relevant: [{ name: 'ibuprofen', grade: 2 }] },
  {
    list: 'products',
    q: 'painkiller',
    relevant: [{ name: 'acetaminophen|ibuprofen|naproxen', grade: 2 }],
  },
  { list: 'products', q: 'headphones', relevant: [{ category: 'Headphones', grade: 2 }] },
  { list: 'products', q: 'usb c cable', relevant: [{ name: 'usb-c.*cable', grade: 2 }] },
  { list: 'products', q: 'light bulbs', relevant: [{ name: 'bulbs', grade: 2 }] },
  { list: 'products', q: 'circular saw', relevant: [{ name: 'circular saw', grade: 2 }] },
  { list: 'products', q: 'hammer', relevant: [{ name: 'hammer', grade: 2 }] },
  { list: 'products', q: 'potting mix', relevant: [{ name: 'potting mix', grade: 2 }] },
  { list: 'products', q: 'bananas', relevant: [{ name: 'bananas', grade: 2 }] },
  { list: 'products', q: 'apples', relevant: [{ name: 'apples', category: 'Fruit', grade: 2 }] },
  { list: 'products', q: 'spaghetti', relevant: [{ name: 'spaghetti', grade: 2 }] },
  { list: 'products', q: 'basmati rice', relevant: [{ name: 'basmati rice', grade: 2 }] },
  { list: 'products', q: 'orange juice', relevant: [{ name: 'orange juice', grade: 2 }] },
  {
    list: 'products',
    q: 'sparkling water',
    relevant: [{ name: 'sparkling', category: 'Water', grade: 2 }],
  },
  {
    list: 'products',
    q: 'chips',
    relevant: [{ name: 'chips', category: 'Snacks', grade: 2 }],
  },
  { list: 'products', q: 'ice cream', relevant: [{ category: 'Ice Cream', grade: 2 }] },
  { list: 'products', q: 'frozen pizza', relevant: [{ name: 'pizza', grade: 2 }] },
  { list: 'products', q: 'croissants', relevant: [{ name: 'croissant', grade: 2 }] },
  { list: 'products', q: 'sourdough', relevant: [{ name: 'sourdough', grade: 2 }] },
  { list: 'products', q: 'eggs', relevant: [{ name: 'eggs', category: 'Eggs', grade: 2 }] },
  { list: 'products', q: 'house plants', relevant: [{ category: 'House Plants', grade: 2 }] },
  { list: 'products', q: 'roses', relevant: [{ name: 'roses', grade: 2 }] },

  // Dishes: menu sections and cuisines in the index.
  {
    list: 'dishes',
    q: 'pizza',
    relevant: [
      {
        name: 'Margherita|Pepperoni|Funghi|Quattro Formaggi|Hawaiian|Soppressata',
        store: 'Forno Rosso',
        grade: 2,
      },
      { store: 'Forno Rosso', grade: 1 },
    ],
  },
  { list: 'dishes', q: 'margherita', relevant: [{ name: 'Margherita', grade: 2 }] },
  {
    list: 'dishes',
    q: 'tacos',
    relevant: [
      {
        name: 'Al Pastor|Carne Asada|Baja Fish|Rajas con Queso|Chorizo',
        store: 'Casa Verde',
        grade: 2,
      },
      { store: 'Casa Verde', grade: 1 },
    ],
  },
  {
    list: 'dishes',
    q: 'ramen',
    relevant: [
      { name: 'ramen', grade: 2 },
      { store: 'Kaze', grade: 1 },
    ],
  },
  {
    list: 'dishes',
    q: 'sushi',
    relevant: [
      { name: 'roll|nigiri', store: 'Kaze', grade: 2 },
      { store: 'Kaze', grade: 1 },
    ],
  },
  { list: 'dishes', q: 'japanese', relevant: [{ store: 'Kaze', grade: 2 }] },
  { list: 'dishes', q: 'mexican', relevant: [{ store: 'Casa Verde', grade: 2 }] },
  { list: 'dishes', q: 'latte', relevant: [{ name: 'latte', grade: 2 }] },
  {
    list: 'dishes',
    q: 'pho',
    relevant: [
      { name: '^(Chicken |Vegetable )?Pho', grade: 2 },
      { store: 'Lemongrass', grade: 1 },
    ],
  },
  { list: 'dishes', q: 'burger', relevant: [{ name: 'burger', grade: 2 }] },
  { list: 'dishes', q: 'butter chicken', relevant: [{ name: 'butter chicken', grade: 2 }] },
  { list: 'dishes', q: 'banh mi', relevant: [{ name: 'banh mi', grade: 2 }] },
  { list: 'dishes', q: 'shawarma', relevant: [{ name: 'shawarma', grade: 2 }] },
  {
    list: 'dishes',
    q: 'dessert',
    relevant: [{ name: 'tiramisu|cannoli|baklava|knafeh|panna cotta|pie', grade: 2 }],
  },
  { list: 'dishes', q: 'croissant', relevant: [{ name: 'croissant', grade: 2 }] },

  // Services: names and categories.
  { list: 'services', q: 'manicure', relevant: [{ name: 'manicure', grade: 2 }] },
  {
    list: 'services',
    q: 'haircut',
    relevant: [
      { name: 'cut', grade: 2 },
      { category: 'Barbers|Hair Salons', grade: 1 },
    ],
  },
  { list: 'services', q: 'beard', relevant: [{ name: 'beard', grade: 2 }] },
  {
    list: 'services',
    q: 'massage',
    relevant: [
      { name: 'massage', grade: 2 },
      { category: 'Spa & Massage', grade: 1 },
    ],
  },
  {
    list: 'services',
    q: 'yoga',
    relevant: [
      { name: 'yoga', grade: 2 },
      { category: 'Yoga', grade: 1 },
    ],
  },
  { list: 'services', q: 'screen repair', relevant: [{ name: 'screen', grade: 2 }] },
  { list: 'services', q: 'dry cleaning', relevant: [{ category: 'Dry Cleaning', grade: 2 }] },
  { list: 'services', q: 'hemming', relevant: [{ name: 'hemming', grade: 2 }] },
  { list: 'services', q: 'personal training', relevant: [{ name: 'personal training', grade: 2 }] },
  { list: 'services', q: 'facial', relevant: [{ name: 'facial', grade: 2 }] },
];

/** The list each `list` names, and the API path it is read from. */
export const JUDGED_LIST_PATHS = {
  stores: '/api/v1/businesses',
  products: '/api/v1/products',
  dishes: '/api/v1/food-items',
  services: '/api/v1/services',
};

/** What a rule is matched against, from a list's result. */
function docOf(list, item) {
  switch (list) {
    case 'stores':
      return {
        id: item.id,
        name: item.name,
        categories: item.categories.map((c) => c.name),
        store: item.name,
      };
    case 'products':
      return { id: item.id, name: item.title, categories: [item.category.name], store: '' };
    case 'dishes':
      return { id: item.id, name: item.name, categories: [], store: item.business.name };
    default:
      return {
        id: item.id,
        name: item.name,
        categories: [item.category.name],
        store: item.business.name,
      };
  }
}

function ruleMatches(doc, rule) {
  const test = (pattern, value) => new RegExp(pattern, 'i').test(value);
  return (
    (rule.name === undefined || test(rule.name, doc.name)) &&
    (rule.category === undefined || doc.categories.some((name) => test(rule.category, name))) &&
    (rule.store === undefined || test(rule.store, doc.store))
  );
}

function gradeOf(doc, judged) {
  return judged.relevant.reduce(
    (best, rule) => (ruleMatches(doc, rule) ? Math.max(best, rule.grade) : best),
    0,
  );
}

/** Discounted cumulative gain of graded results, gain 2^g - 1 at rank i discounted by log2(i + 2). */
function dcg(grades) {
  return grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
}

/** Every item of a list (no query), for the ideal ranking: what could have been found. */
async function universeOf(get, list) {
  const items = [];
  let cursor = null;
  do {
    const params = new URLSearchParams({ limit: '50' });
    if (cursor) params.set('cursor', cursor);
    const body = await get(`${JUDGED_LIST_PATHS[list]}?${params}`);
    items.push(...body.results.map((item) => docOf(list, item)));
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

/**
 * Runs the judged set through `get` (path -> parsed JSON answer) and scores it:
 * - precision@3: right results (grade >= 1) among the first 3, over min(3, how many right results
 *   the city holds), so a query with one right store scores 1 when it comes first;
 * - nDCG@10: DCG of the first 10 over the DCG of the best possible first 10;
 * - forbidden: results a rule forbids that were in a top 3.
 * A query whose right results the city does not hold (e.g. "oat milk") is scored only on what it
 * must not show.
 */
export async function evaluateJudgedQueries(get, queries = JUDGED_QUERIES) {
  const universes = new Map();
  const scored = [];
  for (const judged of queries) {
    if (!universes.has(judged.list)) universes.set(judged.list, await universeOf(get, judged.list));
    const universe = universes.get(judged.list);
    const params = new URLSearchParams({ q: judged.q, limit: '10' });
    if (judged.sort) params.set('sort', judged.sort);
    const body = await get(`${JUDGED_LIST_PATHS[judged.list]}?${params}`);
    const docs = body.results.map((item) => docOf(judged.list, item));
    const grades = docs.map((doc) => gradeOf(doc, judged));
    const ideal = universe
      .map((doc) => gradeOf(doc, judged))
      .filter((grade) => grade > 0)
      .sort((a, b) => b - a);
    const forbidden = docs
      .slice(0, 3)
      .filter((doc) => (judged.forbidden ?? []).some((rule) => ruleMatches(doc, rule)))
      .map((doc) => doc.name);
    const judgedQuery = {
      list: judged.list,
      q: judged.q,
      sort: judged.sort ?? null,
      top: docs.slice(0, 3).map((doc) => doc.name),
      relevantInCity: ideal.length,
      forbidden,
      precisionAt3: null,
      ndcgAt10: null,
    };
    if (ideal.length > 0) {
      const hits = grades.slice(0, 3).filter((grade) => grade > 0).length;
      judgedQuery.precisionAt3 = hits / Math.min(3, ideal.length);
      judgedQuery.ndcgAt10 = dcg(grades.slice(0, 10)) / dcg(ideal.slice(0, 10));
    }
    scored.push(judgedQuery);
  }
  const measured = scored.filter((query) => query.precisionAt3 !== null);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    queries: scored,
    precisionAt3: mean(measured.map((query) => query.precisionAt3)),
    ndcgAt10: mean(measured.map((query) => query.ndcgAt10)),
    forbidden: scored.filter((query) => query.forbidden.length > 0),
  };
}
