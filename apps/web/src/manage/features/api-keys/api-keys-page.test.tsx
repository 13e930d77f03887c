import { type ApiKey, apiKeySchema, managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { businessId, renderStorePage } from '../../test/store-page.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const keyId = '0a000000-0000-4000-8000-0000000000aa';
const secret = 'lmk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const opts = { timeout: 5000 };

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  return apiKeySchema.parse({
    id: keyId,
    name: 'Till system',
    prefix: secret.slice(0, 10),
    createdAt: '2026-11-20T15:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  });
}

describe('API keys page', { timeout: 20_000 }, () => {
  it('creates a key, shows it once with a curl example, and revokes after confirmation', async () => {
    let keys: ApiKey[] = [];
    const api = mockApi({
      [`GET ${managePaths.apiKeys(businessId)}`]: () => ({ body: { status: 1, results: keys } }),
      [`POST ${managePaths.apiKeys(businessId)}`]: () => {
        keys = [key()];
        return { status: 201, body: { status: 1, result: { key: key(), secret } } };
      },
      [`DELETE ${managePaths.apiKey(businessId, keyId)}`]: () => {
        keys = [key({ revokedAt: '2026-11-20T16:00:00.000Z' })];
        return { body: { status: 1, result: keys[0] } };
      },
    });
    renderStorePage(
      <ApiKeysPage />,
      sitePaths.store(businessId, 'api-keys'),
      '/manage/stores/:businessId/api-keys',
    );
    expect(await screen.findByText('No keys yet', undefined, opts)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Key name'), 'Till system');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('New API key', undefined, opts)).toHaveValue(secret);
    expect(screen.getByLabelText('curl example')).toHaveTextContent(
      `${managePaths.inventoryPush}?mode=incremental`,
    );
    expect(screen.getByLabelText('curl example')).toHaveTextContent(
      `Authorization: Bearer ${secret}`,
    );
    expect(api.callsTo('POST', managePaths.apiKeys(businessId))[0]?.body).toEqual({
      name: 'Till system',
    });

    const table = await screen.findByRole('table', undefined, opts);
    expect(within(table).getByText('Till system')).toBeVisible();
    expect(within(table).queryByText(secret)).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke Till system' }));
    expect(api.callsTo('DELETE', managePaths.apiKey(businessId, keyId))).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: 'Yes, revoke' }));
    expect(await within(table).findByText(/^Revoked/, undefined, opts)).toBeVisible();
    expect(api.callsTo('DELETE', managePaths.apiKey(businessId, keyId))).toHaveLength(1);
  });

  it('needs a name before creating', async () => {
    const api = mockApi({
      [`GET ${managePaths.apiKeys(businessId)}`]: () => ({ body: { status: 1, results: [] } }),
    });
    renderStorePage(
      <ApiKeysPage />,
      sitePaths.store(businessId, 'api-keys'),
      '/manage/stores/:businessId/api-keys',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }, opts));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the key a name.');
    expect(api.callsTo('POST', managePaths.apiKeys(businessId))).toHaveLength(0);
  });
});
