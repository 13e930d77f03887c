import { catalogPaths } from '@localmart/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { getBusinesses, useBusinesses } from './get-businesses.ts';

function clientAnswering(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    token: () => null,
    origin: () => '',
    csrfCookie: () => null,
    log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  return { client, fetchMock };
}

describe('getBusinesses', () => {
  it('sorts by distance and sends only the filters that are set', async () => {
    const { client, fetchMock } = clientAnswering(200, {
      status: 1,
      results: [],
      nextCursor: null,
    });
    await getBusinesses(
      { q: 'bakery', kind: 'retail', openNow: false, lat: 43.65, lng: -79.38 },
      'abc',
      client,
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `${catalogPaths.businesses}?q=bakery&kind=retail&lat=43.65&lng=-79.38&sort=distance&cursor=abc`,
    );
  });

  it('without a location leaves the order to the server', async () => {
    const { client, fetchMock } = clientAnswering(200, {
      status: 1,
      results: [],
      nextCursor: null,
    });
    await getBusinesses({ openNow: true }, undefined, client);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${catalogPaths.businesses}?openNow=true`);
  });

  it("throws the server's message on a 400 envelope", async () => {
    const { client } = clientAnswering(400, { status: 0, message: 'lat must be at most 90' });
    await expect(getBusinesses({ lat: 91, lng: 0 }, undefined, client)).rejects.toThrow(
      'lat must be at most 90',
    );
  });
});

describe('useBusinesses', () => {
  it('follows nextCursor page by page and stops on the last page', async () => {
    const api = mockApi({
      [`GET ${catalogPaths.businesses}`]: (call) => {
        const cursor = new URL(call.url, 'http://localhost').searchParams.get('cursor');
        return {
          body:
            cursor === 'p2'
              ? { status: 1, results: [], nextCursor: null }
              : { status: 1, results: [], nextCursor: 'p2' },
        };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useBusinesses({}), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.hasNextPage).toBe(false);
    expect(api.callsTo('GET', catalogPaths.businesses).map((c) => c.url)).toEqual([
      catalogPaths.businesses,
      `${catalogPaths.businesses}?cursor=p2`,
    ]);
  });
});
