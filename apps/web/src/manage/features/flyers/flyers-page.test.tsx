import { type ManagedFlyerSummary, managePaths } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderInStore } from '../../test/store-page.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { FlyersPage } from './flyers-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '11111111-1111-4111-8111-111111111111';
const newId = '99999999-9999-4999-8999-999999999999';

function summary(
  id: string,
  title: string,
  validity: ManagedFlyerSummary['validity'],
  dates: [string, string],
): ManagedFlyerSummary {
  return {
    id,
    title,
    validFrom: dates[0],
    validTo: dates[1],
    validity,
    cover: null,
    pageCount: 0,
    itemCount: 0,
  };
}

function renderPage() {
  const api = mockApi({
    [`GET ${managePaths.flyers(businessId)}`]: () => ({
      body: {
        status: 1,
        // Saturday: the default new flyer runs from the coming Thursday.
        today: '2026-11-21',
        results: [
          summary('a1111111-1111-4111-8111-111111111111', 'This week', 'current', [
            '2026-11-19',
            '2026-11-25',
          ]),
          summary('a2222222-2222-4222-8222-222222222222', 'Next week', 'upcoming', [
            '2026-11-26',
            '2026-12-02',
          ]),
          summary('a3333333-3333-4333-8333-333333333333', 'Last week', 'ended', [
            '2026-11-12',
            '2026-11-18',
          ]),
        ],
      },
    }),
    [`POST ${managePaths.flyers(businessId)}`]: (call) => ({
      status: 201,
      body: {
        status: 1,
        result: {
          ...summary(newId, 'Holiday deals', 'upcoming', ['2026-11-26', '2026-12-02']),
          ...(call.body as object),
          pages: [],
        },
      },
    }),
  });
  renderInStore(<FlyersPage />, { store: { businessId } });
  return { api, user: userEvent.setup() };
}

describe('FlyersPage', () => {
  it('lists flyers with their validity badges and dates', async () => {
    renderPage();
    const items = within(await screen.findByRole('list', { name: 'Flyers' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/This week.*Current.*Thu Nov 19 – Wed Nov 25/),
      expect.stringMatching(/Next week.*Upcoming.*Thu Nov 26 – Wed Dec 2/),
      expect.stringMatching(/Last week.*Ended.*Thu Nov 12 – Wed Nov 18/),
    ]);
  });

  it("creates a flyer for the store's next Thursday-to-Wednesday week and opens it", async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New flyer' }));
    const dialog = screen.getByRole('dialog', { name: 'New flyer' });
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2026-11-26');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2026-12-02');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Holiday deals');
    await user.click(within(dialog).getByRole('button', { name: 'Create flyer' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(sitePaths.flyer(businessId, newId)),
    );
    expect(api.callsTo('POST', managePaths.flyers(businessId))[0]?.body).toEqual({
      title: 'Holiday deals',
      validFrom: '2026-11-26',
      validTo: '2026-12-02',
    });
  });

  it('refuses a flyer longer than 31 days before calling the server', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New flyer' }));
    const dialog = screen.getByRole('dialog', { name: 'New flyer' });
    const last = within(dialog).getByLabelText('Last day');
    await user.clear(last);
    await user.type(last, '2027-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create flyer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('at most 31 days');
    expect(api.callsTo('POST', managePaths.flyers(businessId))).toHaveLength(0);
  });
});
