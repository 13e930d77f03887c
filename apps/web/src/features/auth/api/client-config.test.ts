import { apiPaths, DEFAULT_APP_NAME } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { getClientConfig, loadClientConfig } from './client-config.ts';

function client(answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  });
  return {
    fetchMock,
    client: createHttpClient({
      fetch: fetchMock as unknown as typeof fetch,
      token: () => 'tok',
      origin: () => '',
      csrfCookie: () => null,
      log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
    }),
  };
}

const config = { appName: 'Corner Shop', googleClientId: 'cid.apps.googleusercontent.com' };

describe('client config', () => {
  it('reads client-config without a token', async () => {
    const { client: c, fetchMock } = client([
      new Response(JSON.stringify({ status: 1, result: config })),
    ]);
    await expect(getClientConfig(c)).resolves.toEqual(config);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(apiPaths.clientConfig);
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('falls back to the build-time defaults, and asks again next time', async () => {
    const { client: c, fetchMock } = client([
      new TypeError('offline'),
      new Response(JSON.stringify({ status: 1, result: config })),
    ]);
    await expect(loadClientConfig(c)).resolves.toEqual({
      appName: DEFAULT_APP_NAME,
      googleClientId: null,
    });
    await expect(loadClientConfig(c)).resolves.toEqual(config);
    // Once known, it is not asked again.
    await expect(loadClientConfig(c)).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
