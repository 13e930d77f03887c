import { commerceMessages, commercePaths, STORAGE_KEYS } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../../lib/auth-modals.ts';
import { ALL_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { mockApi } from '../../test/api-mock.ts';
import { offerFixture } from '../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { showError, showSuccess } from '../ui/toasts/toasts.ts';
import { PRICE_MATCH_TITLE, PriceMatchButton } from './price-match-button.tsx';
import {
  COMPETITOR_LABEL,
  EVIDENCE_LABEL,
  NOT_SENT_TITLE,
  SEND_REQUEST_LABEL,
} from './price-match-form.tsx';

vi.mock('../ui/app-modal.tsx', () => import('../../test/app-modal-mock.tsx'));
vi.mock('../ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

const offer = offerFixture(5);
const acceptedMatch = {
  id: '00000000-0000-4000-8000-0000000000c1',
  offerId: offer.id,
  businessId: offer.business.id,
  businessName: offer.business.name,
  productId: offer.productId,
  productTitle: 'Organic milk 1 L',
  competitorName: 'Big Box Foods',
  competitorPrice: { amount: 449, currency: 'CAD' },
  storePrice: offer.currentPrice,
  evidenceUrl: 'https://bigbox.example/milk',
  status: 'pending',
  storeNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  expiresAt: null,
};

async function openForm() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Price match at Corner Market' }));
  return { user, dialog: screen.getByRole('dialog', { name: PRICE_MATCH_TITLE }) };
}

beforeEach(async () => {
  vi.mocked(showSuccess).mockClear();
  vi.mocked(showError).mockClear();
  await storage.set(STORAGE_KEYS.token, 'tok');
  await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
});

afterEach(async () => {
  authModals.close();
  vi.unstubAllGlobals();
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('PriceMatchButton', () => {
  it('asks a signed-out visitor to sign in first', async () => {
    await storage.remove(...ALL_STORAGE_KEYS);
    renderWithProviders(<PriceMatchButton offer={offer} />, { path: '/details?id=p1' });
    await userEvent.click(screen.getByRole('button', { name: /Price match/ }));
    expect(authModals.getSnapshot().view).toEqual({ kind: 'login' });
    expect(authModals.getSnapshot().returnUrl).toBe('details?id=p1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the contract's messages for each wrong field, and the terms", async () => {
    const api = mockApi({});
    renderWithProviders(<PriceMatchButton offer={offer} />);
    const { user, dialog } = await openForm();
    expect(within(dialog).getByText(commerceMessages.priceMatchTerms)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SEND_REQUEST_LABEL }));
    expect(within(dialog).getByText(commerceMessages.priceMatchCompetitorRequired)).toBeVisible();
    expect(within(dialog).getByText(commerceMessages.priceMatchPriceInvalid)).toBeVisible();
    expect(within(dialog).getByText(commerceMessages.priceMatchEvidenceRequired)).toBeVisible();

    // Not lower than the store's $4.99: refused before anything is sent.
    await user.type(within(dialog).getByLabelText(/Their price/), '4.99');
    expect(within(dialog).getByText(commerceMessages.priceMatchNotLower)).toBeVisible();
    await user.type(within(dialog).getByLabelText(EVIDENCE_LABEL), 'not a link');
    expect(within(dialog).getByText(commerceMessages.priceMatchEvidenceRequired)).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('sends the request in minor units and confirms it', async () => {
    const api = mockApi({
      [`POST ${commercePaths.priceMatches}`]: () => ({
        body: { status: 1, message: 'ok', result: acceptedMatch },
      }),
    });
    renderWithProviders(<PriceMatchButton offer={offer} />);
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText(COMPETITOR_LABEL), 'Big Box Foods');
    await user.type(within(dialog).getByLabelText(/Their price/), '$4.49');
    await user.type(within(dialog).getByLabelText(EVIDENCE_LABEL), 'https://bigbox.example/milk');
    await user.click(within(dialog).getByRole('button', { name: SEND_REQUEST_LABEL }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        expect.any(String),
        commerceMessages.priceMatchRequested,
      ),
    );
    expect(api.callsTo('POST', commercePaths.priceMatches)[0]?.body).toEqual({
      offerId: offer.id,
      competitorName: 'Big Box Foods',
      competitorPrice: 449,
      evidenceUrl: 'https://bigbox.example/milk',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the form open", async () => {
    mockApi({
      [`POST ${commercePaths.priceMatches}`]: () => ({
        status: 409,
        body: { status: 0, message: commerceMessages.priceMatchPending },
      }),
    });
    renderWithProviders(<PriceMatchButton offer={offer} />);
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText(COMPETITOR_LABEL), 'Big Box Foods');
    await user.type(within(dialog).getByLabelText(/Their price/), '4.49');
    await user.type(within(dialog).getByLabelText(EVIDENCE_LABEL), 'https://bigbox.example/milk');
    await user.click(within(dialog).getByRole('button', { name: SEND_REQUEST_LABEL }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(NOT_SENT_TITLE, commerceMessages.priceMatchPending),
    );
    expect(screen.getByRole('dialog', { name: PRICE_MATCH_TITLE })).toBeInTheDocument();
  });
});
