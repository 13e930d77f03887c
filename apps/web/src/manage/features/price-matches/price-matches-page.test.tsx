import {
  managePaths,
  storeOrderMessages,
  storePriceMatchSchema,
  type StorePriceMatch,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { businessId, cad, renderStorePage } from '../../test/store-page.tsx';
import { PriceMatchesPage } from './price-matches-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const pendingId = '0a000000-0000-4000-8000-000000000001';
const decidedId = '0a000000-0000-4000-8000-000000000002';

function request(overrides: Partial<StorePriceMatch> = {}): StorePriceMatch {
  return storePriceMatchSchema.parse({
    id: pendingId,
    offerId: '0f000000-0000-4000-8000-000000000001',
    shopperName: 'Ada Lovelace',
    productTitle: 'Oat milk 1 L',
    storePrice: cad(549),
    competitorName: 'Corner Grocer',
    competitorPrice: cad(499),
    evidenceUrl: 'https://corner.example/oat-milk',
    status: 'pending',
    storeNote: null,
    createdAt: '2026-03-05T15:00:00.000Z',
    decidedAt: null,
    expiresAt: null,
    ...overrides,
  });
}

const list = `GET ${managePaths.priceMatches(businessId)}`;
const decision = (id: string) => `POST ${managePaths.priceMatchDecision(businessId, id)}`;
const opts = { timeout: 5000 };

function renderPage() {
  return renderStorePage(
    <PriceMatchesPage />,
    sitePaths.store(businessId, 'price-matches'),
    '/manage/stores/:businessId/price-matches',
  );
}

describe('price matches', { timeout: 20_000 }, () => {
  it('lists pending requests first with prices, competitor, evidence, shopper and date', async () => {
    mockApi({
      [list]: () => ({
        body: {
          status: 1,
          results: [
            request({
              id: decidedId,
              productTitle: 'Sourdough loaf',
              status: 'approved',
              createdAt: '2026-03-06T15:00:00.000Z',
            }),
            request(),
          ],
        },
      }),
    });
    renderPage();
    const cards = await screen.findAllByRole('article', undefined, opts);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Oat milk 1 L',
      'Sourdough loaf',
    ]);
    const pending = cards[0]!;
    expect(within(pending).getByText('$5.49')).toBeVisible();
    expect(within(pending).getByText('Corner Grocer')).toBeVisible();
    expect(within(pending).getByText('$4.99')).toBeVisible();
    expect(
      within(pending).getByRole('link', { name: "See Corner Grocer's price" }),
    ).toHaveAttribute('href', 'https://corner.example/oat-milk');
    expect(within(pending).getByText('Ada Lovelace')).toBeVisible();
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(cards[1]!).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('requires a note to decline, then sends it and shows the result', async () => {
    const api = mockApi({
      [list]: () => ({ body: { status: 1, results: [request()] } }),
      [decision(pendingId)]: (call) => ({
        body: {
          status: 1,
          message: storeOrderMessages.priceMatchDeclined,
          result: request({
            status: 'declined',
            storeNote: (call.body as { note: string }).note,
          }),
        },
      }),
    });
    renderPage();
    const card = await screen.findByRole('article', undefined, opts);
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(within(card).getByRole('alert')).toHaveTextContent(
      storeOrderMessages.priceMatchNoteRequired,
    );
    expect(api.callsTo('POST', managePaths.priceMatchDecision(businessId, pendingId))).toHaveLength(
      0,
    );
    await userEvent.type(
      within(card).getByLabelText('Note to the shopper (required to decline)'),
      'That offer ended yesterday',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await within(card).findByText(storeOrderMessages.priceMatchDeclined)).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      api.callsTo('POST', managePaths.priceMatchDecision(businessId, pendingId))[0]?.body,
    ).toEqual({
      decision: 'declined',
      note: 'That offer ended yesterday',
    });
    expect(within(card).getByText('Declined')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('approves, and keeps a refusal on the card', async () => {
    let refuse = true;
    const api = mockApi({
      [list]: () => ({ body: { status: 1, results: [request()] } }),
      [decision(pendingId)]: () =>
        refuse
          ? { status: 409, body: { status: 0, message: 'That request was already decided.' } }
          : {
              body: {
                status: 1,
                message: storeOrderMessages.priceMatchApproved,
                result: request({ status: 'approved' }),
              },
            },
    });
    renderPage();
    const card = await screen.findByRole('article', undefined, opts);
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'That request was already decided.',
    );
    refuse = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByText(storeOrderMessages.priceMatchApproved)).toBeVisible();
    expect(
      api.callsTo('POST', managePaths.priceMatchDecision(businessId, pendingId)).at(-1)?.body,
    ).toEqual({
      decision: 'approved',
    });
  });

  it('shows the empty state', async () => {
    mockApi({ [list]: () => ({ body: { status: 1, results: [] } }) });
    renderPage();
    expect(await screen.findByText('No price-match requests.', undefined, opts)).toBeVisible();
  });
});
