import { reviewMessages, reviewPaths, type OwnReview, type ReviewForm } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signIn, signOut } from '../../../test/session.ts';
import { RateOrderPage } from './rate-order-page.tsx';

const ORDER = '9b2f4c1e-6a57-4f0e-9a51-0c3f1f6a2b11';
const STORE = '3c0d7a52-2b44-4c3b-8f0a-6f6a4c1b9d22';
const PRODUCT = '5e1a9b33-7c55-4d6e-9b1a-7a7b5d2c0e33';

function form(review: OwnReview | null = null): ReviewForm {
  return {
    order: { id: ORDER, number: 'LM-7K3Q9X', business: { id: STORE, name: 'Harvest Moon Market' } },
    targets: [
      { subject: { kind: 'store', id: STORE, title: 'Harvest Moon Market' }, image: null, review },
      {
        subject: { kind: 'product', id: PRODUCT, title: 'Oat Milk 1 L' },
        image: null,
        review: null,
      },
    ],
  };
}

function saved(stars: number, text: string): OwnReview {
  return {
    id: '7f3e2d1c-0b9a-4877-a665-544332211000',
    subject: { kind: 'store', id: STORE, title: 'Harvest Moon Market' },
    business: { id: STORE, name: 'Harvest Moon Market' },
    stars,
    text,
    photoUrl: null,
    authorName: 'Sam Shopper',
    createdAt: '2026-11-26T15:00:00.000Z',
    editedAt: null,
    reply: null,
    removed: null,
  };
}

function renderPage() {
  return renderWithProviders(<RateOrderPage />, {
    path: `/rate-order/${ORDER}`,
    pattern: '/rate-order/:orderId',
  });
}

describe('RateOrderPage', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await signIn();
  });
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
  });

  it('rates the store of a completed order: stars, words, then Publish sends the review', async () => {
    const api = mockApi({
      [`GET ${reviewPaths.orderReviewForm(ORDER)}`]: () => ({
        body: { status: 1, result: form() },
      }),
      [`PUT ${reviewPaths.reviews}`]: (call) => {
        const body = call.body as { stars: number; text: string };
        return {
          body: {
            status: 1,
            message: reviewMessages.reviewSaved,
            result: saved(body.stars, body.text),
          },
        };
      },
    });
    renderPage();
    const store = await screen.findByRole('region', { name: 'Harvest Moon Market' });
    expect(screen.getByRole('region', { name: 'Oat Milk 1 L' })).toBeInTheDocument();

    const user = userEvent.setup();
    // Without stars the form says what is missing and sends nothing.
    await user.click(within(store).getByRole('button', { name: 'Publish review' }));
    expect(within(store).getByRole('alert')).toHaveTextContent(reviewMessages.starsRange);
    expect(api.callsTo('PUT', reviewPaths.reviews)).toHaveLength(0);

    await user.click(within(store).getByRole('radio', { name: '4 stars' }));
    await user.type(within(store).getByLabelText('Your review (optional)'), 'Quick pickup');
    await user.click(within(store).getByRole('button', { name: 'Publish review' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', reviewPaths.reviews)).toHaveLength(1));
    expect(api.callsTo('PUT', reviewPaths.reviews)[0]!.body).toEqual({
      orderId: ORDER,
      subject: { kind: 'store', id: STORE },
      stars: 4,
      text: 'Quick pickup',
      photoId: null,
    });
  });

  it("shows the server's refusal in words (an order not completed yet)", async () => {
    mockApi({
      [`GET ${reviewPaths.orderReviewForm(ORDER)}`]: () => ({
        status: 409,
        body: { status: 0, message: reviewMessages.orderNotCompleted },
      }),
    });
    renderPage();
    expect(await screen.findByText(reviewMessages.orderNotCompleted)).toBeInTheDocument();
  });

  it('says why a review was removed and offers no form for it', async () => {
    mockApi({
      [`GET ${reviewPaths.orderReviewForm(ORDER)}`]: () => ({
        body: {
          status: 1,
          result: form({
            ...saved(1, 'Rude'),
            removed: { reason: 'Names a staff member', at: '2026-11-26T16:00:00.000Z' },
          }),
        },
      }),
    });
    renderPage();
    const store = await screen.findByRole('region', { name: 'Harvest Moon Market' });
    expect(store).toHaveTextContent('Your review was removed by Localmart: Names a staff member');
    expect(within(store).queryByRole('button')).toBeNull();
  });
});
