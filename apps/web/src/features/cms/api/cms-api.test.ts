import { apiPaths, commonMessages } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { getPage } from './get-page.ts';
import { getPages } from './get-pages.ts';

function clientAnswering(status: number, body: unknown, token: string | null = null) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    token: () => token,
    origin: () => '',
    csrfCookie: () => null,
    log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  return { client, fetchMock };
}

const page = {
  _id: '11111111-1111-4111-8111-111111111111',
  page_id: 'about-us',
  page_name: 'About us',
  content: '<p>Hello</p>',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('getPages (spec §7, §9)', () => {
  it('asks for page 1 with page size 10, sending the token when held', async () => {
    const { client, fetchMock } = clientAnswering(200, { status: 1, results: [] }, 'tok');
    await getPages(client);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${apiPaths.pages}?page=1&limit=10`);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('answers the list, and throws the message on failure', async () => {
    const list = [{ _id: page._id, page_id: page.page_id, page_name: page.page_name }];
    expect(await getPages(clientAnswering(200, { status: 1, results: list }).client)).toEqual(list);
    await expect(
      getPages(clientAnswering(500, { status: 0, message: commonMessages.internalError }).client),
    ).rejects.toThrow(commonMessages.internalError);
  });
});

describe('getPage', () => {
  it('finds a page by its id', async () => {
    const { client, fetchMock } = clientAnswering(200, { status: 1, result: page });
    expect(await getPage(page._id, client)).toEqual({ found: true, page });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(apiPaths.page(page._id));
  });

  it('treats 404 and 400 as "no such page", not as an error', async () => {
    expect(
      await getPage(
        'x',
        clientAnswering(404, { status: 0, message: commonMessages.notFound }).client,
      ),
    ).toEqual({
      found: false,
    });
    expect(
      await getPage('bad', clientAnswering(400, { status: 0, message: 'Invalid id' }).client),
    ).toEqual({ found: false });
  });

  it('throws on other failures so the screen can offer a retry', async () => {
    await expect(
      getPage('x', clientAnswering(503, { status: 0, message: 'down' }).client),
    ).rejects.toThrow('down');
  });
});
