import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Test support for the keyset lists (food items, services, flyers): follows `nextCursor` to the end,
 * checking every page against its contract schema and that no row shows up twice.
 */

interface PageBody<TItem> {
  status: 1;
  results: TItem[];
  nextCursor: string | null;
}

export async function getJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { statusCode: response.statusCode, body: response.json() as unknown };
}

export async function collectPages<TItem extends { id: string }>(
  app: FastifyInstance,
  path: string,
  params: Record<string, string | number>,
  schema: z.ZodType,
): Promise<{ items: TItem[]; pages: number }> {
  const items: TItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) search.set(key, String(value));
    if (cursor) search.set('cursor', cursor);
    const { statusCode, body } = await getJson(app, `${path}?${search.toString()}`);
    expect(statusCode, JSON.stringify(body)).toBe(200);
    const page = schema.parse(body) as PageBody<TItem>;
    expect(page.status).toBe(1);
    items.push(...page.results);
    cursor = page.nextCursor;
    pages++;
    // A cursor with an empty page would be a broken "has more" signal.
    if (cursor) expect(page.results.length).toBeGreaterThan(0);
    if (pages > 500) throw new Error('paging does not end');
  } while (cursor);
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size, 'no row on two pages').toBe(ids.length);
  return { items, pages };
}

/** True when each value is >= (asc) or <= (desc) the one before it. */
export function isSorted(values: readonly number[], direction: 'asc' | 'desc' = 'asc'): boolean {
  return values.every((value, index) => {
    const previous = values[index - 1];
    if (previous === undefined) return true;
    return direction === 'asc' ? value >= previous : value <= previous;
  });
}
