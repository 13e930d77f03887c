import { apiPaths, toastTitles } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { checkExistingSession, type SessionCheckDeps } from './session-check.ts';

const user = { _id: 'u1', first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada' };

function setup(token: string | null, answer: { status: number; body: unknown } | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const deps: SessionCheckDeps = {
    client: createHttpClient({
      fetch: fetchMock as unknown as typeof fetch,
      token: () => token,
      origin: () => '',
      csrfCookie: () => null,
      log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
    }),
    token: () => token,
    demoSession: () => false,
    startSession: vi.fn(async () => undefined),
    forgetSession: vi.fn(async () => undefined),
    toastError: vi.fn(),
  };
  return { deps, fetchMock };
}

describe('checkExistingSession (spec §2, §8)', () => {
  it('without a token asks nothing and says nothing', async () => {
    const { deps, fetchMock } = setup(null, { status: 200, body: {} });
    await expect(checkExistingSession(deps)).resolves.toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(deps.toastError).not.toHaveBeenCalled();
  });

  it('with a valid token stores the session whoami answers', async () => {
    const { deps, fetchMock } = setup('tok', {
      status: 200,
      body: { status: 1, result: { token: 'renewed', user } },
    });
    await expect(checkExistingSession(deps)).resolves.toBe('restored');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(apiPaths.whoami);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(deps.startSession).toHaveBeenCalledWith({ token: 'renewed', user });
  });

  it('a demo session counts as it is, without asking the server', async () => {
    const { deps, fetchMock } = setup('demo-token', { status: 401, body: {} });
    deps.demoSession = () => true;
    await expect(checkExistingSession(deps)).resolves.toBe('restored');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(deps.forgetSession).not.toHaveBeenCalled();
  });

  it('a refused token: error toast with the error, and the token is forgotten', async () => {
    const { deps } = setup('old', {
      status: 401,
      body: { status: 0, message: 'Please sign in to continue.' },
    });
    await expect(checkExistingSession(deps)).resolves.toBe('none');
    expect(deps.toastError).toHaveBeenCalledWith(
      toastTitles.loginError,
      'Please sign in to continue.',
    );
    expect(deps.forgetSession).toHaveBeenCalled();
    expect(deps.startSession).not.toHaveBeenCalled();
  });

  it('another failure is shown but keeps the session; a network error is logged only', async () => {
    const failing = setup('tok', { status: 503, body: { status: 0, message: 'Down' } });
    await checkExistingSession(failing.deps);
    expect(failing.deps.toastError).toHaveBeenCalledWith(toastTitles.loginError, 'Down');
    expect(failing.deps.forgetSession).not.toHaveBeenCalled();
    const offline = setup('tok', new TypeError('Failed to fetch'));
    await expect(checkExistingSession(offline.deps)).resolves.toBe('none');
    expect(offline.deps.toastError).not.toHaveBeenCalled();
  });
});
