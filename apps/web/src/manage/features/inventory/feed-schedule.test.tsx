import {
  type FeedFetch,
  feedFetchMessages,
  type FeedSchedule,
  managePaths,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { businessId, renderInStore, staffAccess } from '../../test/store-page.tsx';
import { FeedSchedulePanel } from './feed-schedule.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const opts = { timeout: 5000 };
const scheduleRoute = managePaths.inventoryFeedSchedule(businessId);
const fetchesRoute = managePaths.inventoryFeedFetches(businessId);
const address = 'https://till.example.com/exports/stock.csv';

const saved: FeedSchedule = {
  url: address,
  schedule: 'hourly',
  mode: 'incremental',
  fullConfirmedAt: null,
  nextFetchAt: '2026-11-20T16:00:00.000Z',
};

function run(overrides: Partial<FeedFetch>): FeedFetch {
  return {
    id: '0d000000-0000-4000-8000-000000000001',
    trigger: 'schedule',
    status: 'applied',
    mode: 'incremental',
    url: address,
    createdAt: '2026-11-20T15:00:00.000Z',
    startedAt: '2026-11-20T15:00:01.000Z',
    finishedAt: '2026-11-20T15:00:03.000Z',
    importId: '0c000000-0000-4000-8000-000000000001',
    newItems: 3,
    updated: 12,
    outOfStock: 0,
    errors: 2,
    message: null,
    ...overrides,
  };
}

const runs = [
  run({
    id: '0d000000-0000-4000-8000-000000000003',
    status: 'held',
    mode: 'full',
    outOfStock: 40,
    errors: 0,
    message: feedFetchMessages.held(40, 50),
  }),
  run({}),
  run({
    id: '0d000000-0000-4000-8000-000000000002',
    status: 'failed',
    trigger: 'manual',
    importId: null,
    message: feedFetchMessages.status(404),
  }),
];

function routes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${scheduleRoute}`]: () => ({ body: { status: 1, result: saved } }),
    [`GET ${fetchesRoute}`]: () => ({ body: { status: 1, results: runs } }),
    ...extra,
  });
}

describe('scheduled feed fetch panel', { timeout: 20_000 }, () => {
  it('lists the runs newest first with what each did, its errors CSV and a held run’s review', async () => {
    routes();
    renderInStore(<FeedSchedulePanel />);
    const history = await screen.findByRole('list', { name: 'Fetch history' }, opts);
    const items = within(history).getAllByRole('listitem', { name: undefined });
    const cards = items.filter((item) => item.classList.contains('inv-run'));
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Needs your review');
    expect(cards[0]).toHaveTextContent(feedFetchMessages.held(40, 50));
    expect(within(cards[0]!).getByRole('link', { name: 'Review and apply' })).toBeVisible();
    expect(cards[1]).toHaveTextContent('Applied');
    expect(within(cards[1]!).getByRole('list', { name: 'What this run did' })).toHaveTextContent(
      '3 new12 updated0 out of stock2 errors',
    );
    expect(
      within(cards[1]!).getByRole('button', { name: 'Download the errors (CSV)' }),
    ).toBeVisible();
    expect(cards[2]).toHaveTextContent('Failed');
    expect(cards[2]).toHaveTextContent('Fetch now');
    expect(cards[2]).toHaveTextContent(feedFetchMessages.status(404));
    expect(screen.getByLabelText('Feed address')).toHaveValue(address);
  });

  it('a Full schedule needs the box ticked before it is sent; Fetch now queues a run', async () => {
    let fetched = false;
    const api = routes({
      [`PUT ${scheduleRoute}`]: (call) => ({
        body: {
          status: 1,
          message: feedFetchMessages.saved,
          result: {
            ...saved,
            ...(call.body as object),
            fullConfirmedAt: '2026-11-20T15:10:00.000Z',
          },
        },
      }),
      [`POST ${fetchesRoute}`]: () => {
        fetched = true;
        return {
          status: 202,
          body: {
            status: 1,
            message: feedFetchMessages.fetchQueued,
            result: run({ id: '0d000000-0000-4000-8000-000000000009', status: 'queued' }),
          },
        };
      },
    });
    renderInStore(<FeedSchedulePanel />);
    await screen.findByLabelText('Feed address', undefined, opts);
    await userEvent.selectOptions(screen.getByLabelText('Fetch mode'), 'full');
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent(feedFetchMessages.confirmFull);
    expect(api.callsTo('PUT', scheduleRoute)).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('checkbox', { name: /every run sets the items missing/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(feedFetchMessages.saved, undefined, opts)).toBeVisible();
    expect(api.callsTo('PUT', scheduleRoute)[0]?.body).toEqual({
      url: address,
      schedule: 'hourly',
      mode: 'full',
      confirmFull: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Fetch now' }));
    expect(await screen.findByText(feedFetchMessages.fetchQueued, undefined, opts)).toBeVisible();
    expect(fetched).toBe(true);
  });

  it('staff see the schedule and the runs, without the form', async () => {
    routes();
    renderInStore(<FeedSchedulePanel />, { store: staffAccess });
    expect(
      await screen.findByText('Only the store’s owner can change the schedule.', undefined, opts),
    ).toBeVisible();
    expect(screen.getByText(address)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fetch now' })).toBeNull();
  });
});
