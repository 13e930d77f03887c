import {
  apiPaths,
  CMS_PAGE_SIZE,
  commonMessages,
  pageResponse,
  pagesResponse,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cmsPages } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { countPages, upsertPage } from './cms.service.ts';

const UNKNOWN_ID = '6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11';

describe.each(testDatabases())('CMS pages on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  // 13 published pages whose menu order differs from insertion order, plus one draft.
  // Expected order: sort_order, then page_name.
  const published = Array.from({ length: 13 }, (_, i) => ({
    pageId: `page-${String(i).padStart(2, '0')}`,
    pageName: `Page ${String.fromCharCode(90 - i)}`, // Z, Y, X, ...
    sortOrder: i % 3, // 0,1,2,0,1,2,...
    content: `<p>Body ${i}</p>`,
  }));
  const expectedOrder = [...published]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.pageName.localeCompare(b.pageName))
    .map((p) => p.pageId);

  beforeAll(async () => {
    const { db } = database();
    await db.delete(cmsPages);
    // Insert in reverse so insertion order cannot pass for menu order.
    for (const page of [...published].reverse()) await upsertPage(db, page);
    await upsertPage(db, {
      pageId: 'draft',
      pageName: 'A draft',
      sortOrder: -1,
      content: '<p>x</p>',
      published: false,
    });
  });

  async function list(query = '') {
    const app = await testApp();
    return app.inject({ method: 'GET', url: `${apiPaths.pages}${query}` });
  }

  it('lists the first 10 published pages in menu order by default', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = pagesResponse.parse(response.json());
    expect(body).toMatchObject({ status: 1, message: commonMessages.ok });
    const results = response.json().results as {
      _id: string;
      page_id: string;
      page_name: string;
    }[];
    expect(results).toHaveLength(CMS_PAGE_SIZE);
    expect(results.map((r) => r.page_id)).toEqual(expectedOrder.slice(0, 10));
    expect(Object.keys(results[0]!).sort()).toEqual(['_id', 'page_id', 'page_name']);
  });

  it('pages through the rest', async () => {
    const response = await list('?page=2&limit=10');
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((r: { page_id: string }) => r.page_id)).toEqual(
      expectedOrder.slice(10),
    );
    const beyond = await list('?page=3');
    expect(beyond.json().results).toEqual([]);
  });

  it('honours a smaller limit', async () => {
    const response = await list('?limit=4&page=2');
    expect(response.json().results.map((r: { page_id: string }) => r.page_id)).toEqual(
      expectedOrder.slice(4, 8),
    );
  });

  it.each([
    ['?limit=51', 'limit: limit must be at most 50'],
    ['?limit=0', 'limit: limit must be at least 1'],
    ['?limit=ten', 'limit: limit must be a number'],
    ['?page=1.5', 'page: page must be a whole number'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message });
  });

  it('serves pages to a request carrying a bearer token it does not know', async () => {
    const app = await testApp();
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.pages,
      headers: { authorization: 'Bearer token-from-a-future-session' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(CMS_PAGE_SIZE);
  });

  it('answers one page with its content and update time', async () => {
    const app = await testApp();
    const listed = (await app.inject({ method: 'GET', url: apiPaths.pages })).json().results[0];
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.page(listed._id),
      headers: { authorization: 'Bearer whatever' },
    });

    expect(response.statusCode).toBe(200);
    const body = pageResponse.parse(response.json());
    expect(body).toMatchObject({
      status: 1,
      result: { _id: listed._id, page_id: listed.page_id, page_name: listed.page_name },
    });
    const result = response.json().result;
    expect(result.content).toMatch(/^<p>Body \d+<\/p>$/);
    expect(new Date(result.updated_at).toISOString()).toBe(result.updated_at);
  });

  it('answers 404 for an unknown id and for an unpublished page', async () => {
    const app = await testApp();
    const unknown = await app.inject({ method: 'GET', url: apiPaths.page(UNKNOWN_ID) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: commonMessages.notFound });

    const [draft] = await database()
      .db.select({ id: cmsPages.id })
      .from(cmsPages)
      .where(sql`${cmsPages.pageId} = 'draft'`);
    const hidden = await app.inject({ method: 'GET', url: apiPaths.page(draft!.id) });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.page('about-us') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'id: Invalid id' });
  });

  describe('upsertPage', () => {
    it('replaces the page with the same slug instead of adding one', async () => {
      const { db } = database();
      const before = await countPages(db);
      const first = await upsertPage(db, {
        pageId: 'upsert-me',
        pageName: 'First',
        content: '<p>1</p>',
      });
      const second = await upsertPage(db, {
        pageId: 'upsert-me',
        pageName: 'Second',
        content: '<p>2</p>',
      });
      expect(second.id).toBe(first.id);
      expect(second.pageName).toBe('Second');
      expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
      expect(await countPages(db)).toBe(before + 1);
      await db.delete(cmsPages).where(sql`${cmsPages.pageId} = 'upsert-me'`);
    });

    it('refuses a slug that is not URL-safe', async () => {
      await expect(
        upsertPage(database().db, { pageId: 'Not A Slug', pageName: 'x', content: '' }),
      ).rejects.toThrow(/lower-case slug/);
    });

    it('sanitises the HTML it stores', async () => {
      const { db } = database();
      const row = await upsertPage(db, {
        pageId: 'dirty',
        pageName: 'Dirty',
        published: false,
        content: [
          '<h2 style="color:red">Title</h2>',
          '<script>alert("x")</script>',
          '<p onclick="steal()">Hello <strong>there</strong></p>',
          '<img src="https://cdn.example.com/a.png" alt="A" onerror="alert(1)">',
          '<img src="data:image/png;base64,AAAA" alt="inline">',
          '<a href="javascript:alert(1)">bad link</a>',
          '<a href="https://example.com" target="_blank" rel="opener">out</a>',
          '<a href="mailto:help@example.com">mail</a>',
          '<iframe src="https://evil.example"></iframe><style>body{}</style>',
        ].join(''),
      });
      const html = row.content;

      expect(html).not.toMatch(
        /<script|alert\("x"\)|onclick|onerror|javascript:|<iframe|<style|style=|data:image/i,
      );
      expect(html).toContain('<h2>Title</h2>');
      expect(html).toContain('<p>Hello <strong>there</strong></p>');
      expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="A" />');
      expect(html).toContain('<a>bad link</a>');
      expect(html).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
      );
      expect(html).toContain('<a href="mailto:help@example.com">mail</a>');
    });
  });
});
