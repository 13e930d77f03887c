import {
  ADMIN_API,
  FLYER_PAGE_FIELD,
  INVENTORY_FEED_FIELD,
  INVENTORY_MODE_FIELD,
  PROFILE_PICTURE_FIELD,
  STORE_DOCUMENT_FIELD,
  STORE_IMAGE_FIELD,
} from '@localmart/contract';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { manageCast, type Person } from '../modules/manage/manage-test-support.ts';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import type { InputRoute } from './safe-input.ts';

/**
 * Issue 13, must-show 2: every route of the app (read from its own route table, so a route added
 * tomorrow is fuzzed tomorrow) gets hostile input in its query, path parameters and body: NUL bytes,
 * lone surrogates, integers past PostgreSQL's integer range, negative numbers, very long strings,
 * deep nesting and a truncated multipart body. Bodies are drawn from the route's own zod schema with
 * hostile leaves, so they get past the outer checks and reach the services and the database. Whatever
 * comes in, the answer is never a 500 and nothing is logged as an unexpected error.
 */

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 6);

const hostileStrings = [
  'a\u0000b',
  '\u0000',
  'x\uD800',
  '\uDC00y',
  '\uD83D',
  'x'.repeat(20_000),
  '3e9',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '50000000.00',
  '-1',
  '',
  ' ',
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '1e400',
  'NaN',
];
const hostileNumbers = [
  2_147_483_648,
  -2_147_483_649,
  3e9,
  -3e9,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  0.5,
  2_147_483_647,
];

const hostileString = fc.constantFrom(...hostileStrings);
const hostileNumber = fc.constantFrom(...hostileNumbers);

/** `[[[[...]]]]` and `{"a":{"a":...}}` far deeper than any schema goes. */
function deep(depth: number, object: boolean): unknown {
  let value: unknown = 'x\u0000';
  for (let index = 0; index < depth; index++) value = object ? { a: value } : [value];
  return value;
}
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(deep(3_000, false), deep(3_000, true), null, true, [], {}),
  fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
);

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/**
 * Values shaped by a zod schema, most leaves plausible and some hostile: an object gets its own keys,
 * an enum its own values, so the request passes the first checks and the hostile leaf is what is
 * tested. Unknown kinds of schema get hostile JSON.
 */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileJson;
  const def = defOf(schema);
  const inner = (key: string) => fromSchema(def[key], depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape;
      const keys = Object.keys(shape);
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, fromSchema(shape[key], depth + 1)])),
        { requiredKeys: keys.filter(() => true).slice(0, Math.ceil(keys.length / 2)) },
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return fromSchema((def.getter as () => unknown)(), depth + 1);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => fromSchema(option, depth + 1)));
    case 'intersection':
      return inner('left');
    case 'string': {
      const format = def.format as string | undefined;
      const plausible =
        format === 'uuid'
          ? fc.uuid({ version: 4 })
          : format === 'email'
            ? fc.emailAddress()
            : format === 'datetime'
              ? fc.constantFrom('2026-11-19T19:30:00.000Z', '0001-01-01T00:00:00Z')
              : fc.string({ maxLength: 12 });
      return fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: hostileString, weight: 3 });
    }
    case 'number':
    case 'int':
      return fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 50 }), weight: 2 },
        { arbitrary: hostileNumber, weight: 3 },
      );
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => fromSchema(item, depth + 1)));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), hostileString),
        fromSchema(def.valueType, depth + 1),
        { maxKeys: 3 },
      );
    default:
      return hostileJson;
  }
}

/** A query string: the schema's keys with plausible or hostile text. */
function queryOf(schema: unknown): fc.Arbitrary<Record<string, string>> {
  let current = schema;
  while (current && defOf(current).type !== 'object') {
    const def = defOf(current);
    current = def.innerType ?? def.in;
    if (!current) break;
  }
  const keys = current ? Object.keys((current as z.ZodObject).shape) : ['q', 'cursor', 'limit'];
  const value = fc.oneof(
    hostileString,
    hostileNumber.map(String),
    fc.constantFrom('1', 'true', 'price_asc', 'retail', '43.65,-79.38'),
  );
  return fc.dictionary(fc.constantFrom(...keys, 'cursor'), value, { maxKeys: 4 });
}

/** Base64url cursors that decode to keys of the wrong range or type (the services cursor 3e9). */
const hostileCursor = fc
  .constantFrom(
    ['price_asc', 3e9, '00000000-0000-4000-8000-000000000001'],
    ['price_desc', -3e9, '00000000-0000-4000-8000-000000000001'],
    ['name', 'a\u0000', '00000000-0000-4000-8000-000000000001'],
    ['distance', 1e308, '------------------------------------'],
    ['catalogue', 'x\uD800'],
    ['0000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'],
    ['2026-02-30T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'],
    'x\u0000',
  )
  .map((key) => ({
    // The cursor's own order, so it is read rather than refused as another order's.
    sort: Array.isArray(key) && (key[0] === 'price_asc' || key[0] === 'price_desc') ? key[0] : '',
    cursor: Buffer.from(JSON.stringify(key)).toString('base64url'),
  }));
const hostilePipeCursor = fc
  .constantFrom(
    '1|00000000-0000-4000-8000-000000000001',
    '2020-13-45 99:99:99|------------------------------------',
    '0000-01-01 00:00:00+00|00000000-0000-4000-8000-000000000001',
  )
  .map((text) => ({ sort: '', cursor: Buffer.from(text).toString('base64url') }));

const BOUNDARY = 'fuzzboundary';
/** The file fields of the upload routes (and one no route takes). */
const FILE_FIELDS = [
  INVENTORY_FEED_FIELD,
  STORE_IMAGE_FIELD,
  FLYER_PAGE_FIELD,
  STORE_DOCUMENT_FIELD,
  PROFILE_PICTURE_FIELD,
  'file',
];
/** A multipart body that stops in the middle of its file. */
const truncatedMultipart = (field: string) =>
  [
    `--${BOUNDARY}\r\n`,
    `Content-Disposition: form-data; name="${INVENTORY_MODE_FIELD}"\r\n\r\nfull\r\n`,
    `--${BOUNDARY}\r\n`,
    `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\n`,
    'Content-Type: image/png\r\n\r\n',
    '\u0089PNG\r\n\u001a\nhalf a fi',
  ].join('');
const malformedMultipart = `--${BOUNDARY}\r\nContent-Disposition: form-da\r\n`;

/** The path with its parameters filled: the store's own id where the route takes one. */
function pathOf(route: InputRoute, businessId: string, values: string[]): string {
  let index = 0;
  return route.url
    .replace(':businessId', businessId)
    .replace(/:[A-Za-z]+/g, () => encodePart(values[index++ % values.length] ?? 'x'));
}

/** Percent-encoded; a lone surrogate goes as the bytes a broken client sends (not UTF-8). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `x%ED%A0%BD${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}

for (const backend of testDatabases()) {
  describe(`hostile input on every route, ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world(lines: string[]) {
      const app = await makeApp({
        now: () => CITY_NOW,
        env: { LOG_LEVEL: 'error', RATE_LIMIT_MULTIPLIER: '100000' },
        logStream: { write: (line) => lines.push(line) },
      });
      const [store, otherStore] = city().businesses;
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      return { app, storeId: store!.id, ...cast };
    }

    function routesOf(app: FastifyInstance): InputRoute[] {
      const seen = new Set<string>();
      return app.inputRoutes.filter((route) => {
        const key = `${route.method} ${route.url}`;
        if (route.method === 'HEAD' || route.method === 'OPTIONS' || route.url.includes('*')) {
          return false;
        }
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }

    function whoFor(route: InputRoute, cast: { owner: Person; admin: Person; shopper: Person }) {
      if (route.url.startsWith(ADMIN_API)) return cast.admin;
      if (route.url.includes(':businessId')) return cast.owner;
      return cast.shopper;
    }

    function expectNoCrash(response: LightMyRequestResponse, label: string, lines: string[]) {
      expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
        const body = response.json<{ status: number; message: unknown }>();
        expect(body.status, label).toBe(0);
        expect(typeof body.message, label).toBe('string');
      }
      const unexpected = lines.filter((line) => line.includes('request failed unexpectedly'));
      expect(unexpected, `${label} logged an unexpected error`).toEqual([]);
    }

    it('answers hostile queries, parameters and bodies without a 500', async () => {
      const lines: string[] = [];
      const { app, storeId, ...cast } = await world(lines);
      const routes = routesOf(app);
      expect(routes.length).toBeGreaterThan(50);
      const anonymous = await csrfHeaders(app);

      for (const route of routes) {
        const who = whoFor(route, cast);
        const schema = route.schema as
          { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
        const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
        const body: fc.Arbitrary<unknown> =
          takesBody && schema?.body
            ? fc.oneof({ arbitrary: fromSchema(schema.body), weight: 4 }, hostileJson)
            : hostileJson;
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.oneof(hostileString, fc.uuid({ version: 4 })), {
              minLength: 1,
              maxLength: 3,
            }),
            queryOf(schema?.querystring),
            fc.option(fc.oneof(hostileCursor, hostilePipeCursor), { nil: undefined }),
            body,
            fc.boolean(),
            async (params, query, cursor, payload, signedIn) => {
              const search = new URLSearchParams(query);
              if (cursor !== undefined) {
                search.set('cursor', cursor.cursor);
                if (cursor.sort) search.set('sort', cursor.sort);
              }
              const url = `${pathOf(route, storeId, params)}?${search.toString()}`;
              const label = `${route.method} ${route.url}`;
              const response = await app.inject({
                method: route.method as 'GET',
                url,
                headers: {
                  ...(signedIn ? { authorization: `Bearer ${who.token}` } : anonymous),
                  ...(takesBody ? { 'content-type': 'application/json' } : {}),
                },
                ...(takesBody ? { payload: JSON.stringify(payload) } : {}),
              });
              expectNoCrash(response, label, lines);
            },
          ),
          { numRuns: NUM_RUNS, endOnFailure: true },
        );
      }
    }, 300_000);

    it('answers a truncated or malformed multipart body on every route without a 500', async () => {
      const lines: string[] = [];
      const { app, storeId, ...cast } = await world(lines);
      for (const route of routesOf(app)) {
        if (route.method === 'GET' || route.method === 'DELETE') continue;
        const who = whoFor(route, cast);
        for (const payload of [...FILE_FIELDS.map(truncatedMultipart), malformedMultipart]) {
          const response = await app.inject({
            method: route.method as 'POST',
            url: pathOf(route, storeId, ['00000000-0000-4000-8000-000000000001']),
            headers: {
              authorization: `Bearer ${who.token}`,
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            },
            payload,
          });
          expectNoCrash(response, `${route.method} ${route.url} multipart`, lines);
        }
      }
    }, 120_000);
  });
}
