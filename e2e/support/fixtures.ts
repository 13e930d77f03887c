import { test as base, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@localmart/contract';

/**
 * Shared fixtures: the base URL of the server started in global setup, and a guard that fails a test
 * on any console error the app prints (Epic Stack's convention). Chromium's own "Failed to load
 * resource" lines are network noise that tests assert through responses instead.
 */
export type ServerKind = 'main' | 'no-google' | 'commerce';

const SERVER_URL_VARIABLES = {
  main: 'E2E_BASE_URL',
  'no-google': 'E2E_NO_GOOGLE_BASE_URL',
  commerce: 'E2E_COMMERCE_BASE_URL',
} as const satisfies Record<ServerKind, string>;

export const test = base.extend<{ consoleErrors: string[]; server: ServerKind }>({
  /** Which server of global setup a test talks to: `test.use({ server: 'no-google' })`. */
  server: ['main', { option: true }],
  baseURL: async ({ server }, use) => {
    const url = process.env[SERVER_URL_VARIABLES[server]];
    if (!url) throw new Error(`no address for the ${server} server: global setup did not start it`);
    await use(url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Act as a signed-in user the way the app remembers one: token and username in storage (spec §3).
 * Written once on the app's origin at `path`, then the page reloads so the shell starts from that
 * storage. Without a real `token` (from `apiLogin`) only the menu's rules can be checked.
 */
export async function rememberSignedInUser(
  page: Page,
  path = '/home',
  { name = 'Ada Lovelace', token = 'e2e-token' }: { name?: string; token?: string } = {},
) {
  await page.goto(path);
  await page.evaluate(
    ({ keys, name, token }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.username, name);
      localStorage.setItem(keys.userId, 'e2e-user');
      localStorage.setItem(keys.isLoggedIn, 'true');
    },
    { keys: STORAGE_KEYS, name, token },
  );
  await page.reload();
}

/** The keys of spec §3 currently held in the page's storage. */
export function storedSession(page: Page) {
  return page.evaluate((keys) => {
    const entries = Object.values(keys).map((key) => [key, localStorage.getItem(key)] as const);
    return Object.fromEntries(entries.filter(([, value]) => value !== null));
  }, STORAGE_KEYS);
}
