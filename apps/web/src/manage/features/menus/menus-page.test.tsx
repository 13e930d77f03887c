import { type ManagedMenu, managePaths } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderInStore } from '../../test/store-page.tsx';
import { MenusPage } from './menus-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '11111111-1111-4111-8111-111111111111';
const ids = {
  brunch: '22222222-2222-4222-8222-222222222222',
  dinner: '33333333-3333-4333-8333-333333333333',
  drinks: '44444444-4444-4444-8444-444444444444',
  latte: '55555555-5555-4555-8555-555555555555',
  tea: '66666666-6666-4666-8666-666666666666',
};

function menus(): ManagedMenu[] {
  const item = (id: string, name: string, priceAmount: number, available = true) => ({
    id,
    sectionId: ids.drinks,
    name,
    description: '',
    priceAmount,
    currency: 'CAD',
    image: null,
    dietaryTags: ['vegan' as const],
    optionGroups: [],
    available,
  });
  return [
    {
      id: ids.brunch,
      name: 'Brunch',
      description: null,
      sections: [
        {
          id: ids.drinks,
          menuId: ids.brunch,
          name: 'Drinks',
          description: null,
          items: [item(ids.latte, 'Latte', 525), item(ids.tea, 'Tea', 300, false)],
        },
      ],
    },
    { id: ids.dinner, name: 'Dinner', description: 'From 5 pm', sections: [] },
  ];
}

function renderPage() {
  renderInStore(<MenusPage />, { store: { businessId, kind: 'restaurant' } });
  return userEvent.setup();
}

const list = `GET ${managePaths.menus(businessId)}`;

describe('menus page', { timeout: 20_000 }, () => {
  it('shows menus as tabs with their sections and dishes', async () => {
    mockApi({ [list]: () => ({ body: { status: 1, results: menus() } }) });
    const user = renderPage();
    const drinks = await screen.findByRole('region', { name: 'Drinks' }, { timeout: 5000 });
    expect(within(drinks).getByText('Latte')).toBeInTheDocument();
    expect(within(drinks).getByText('$5.25')).toBeInTheDocument();
    expect(within(drinks).getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Brunch' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Dinner' }));
    expect(screen.getByText('From 5 pm')).toBeInTheDocument();
    expect(screen.getByText('No sections yet')).toBeInTheDocument();
  });

  it('toggles availability, moves and deletes a dish (after confirming) and reads the menus again', async () => {
    const api = mockApi({
      [list]: () => ({ body: { status: 1, results: menus() } }),
      [`PATCH ${managePaths.menuItem(businessId, ids.latte)}`]: (call) => ({
        body: {
          status: 1,
          result: { ...menus()[0]!.sections[0]!.items[0]!, ...(call.body as object) },
        },
      }),
      [`DELETE ${managePaths.menuItem(businessId, ids.tea)}`]: () => ({
        body: { status: 1, message: 'Item deleted' },
      }),
    });
    const confirm = vi.spyOn(window, 'confirm');
    const user = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Available: Latte' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', managePaths.menuItem(businessId, ids.latte))).toHaveLength(1),
    );
    expect(api.callsTo('PATCH', managePaths.menuItem(businessId, ids.latte))[0]!.body).toEqual({
      available: false,
    });
    await user.click(screen.getByRole('button', { name: 'Move Latte down' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', managePaths.menuItem(businessId, ids.latte))[1]?.body).toEqual({
        position: 1,
      }),
    );

    confirm.mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Delete Tea' }));
    expect(api.callsTo('DELETE', managePaths.menuItem(businessId, ids.tea))).toHaveLength(0);
    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete Tea' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', managePaths.menuItem(businessId, ids.tea))).toHaveLength(1),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', managePaths.menus(businessId)).length).toBeGreaterThan(3),
    );
    expect(api.unhandled).toEqual([]);
  });

  it('adds a menu with its sections in one call', async () => {
    const api = mockApi({
      [list]: () => ({ body: { status: 1, results: [] } }),
      [`POST ${managePaths.menus(businessId)}`]: () => ({
        status: 201,
        body: {
          status: 1,
          result: { id: ids.dinner, name: 'Dinner', description: null, sections: [] },
        },
      }),
    });
    const user = renderPage();
    expect(await screen.findByText('No menus yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add menu' }));
    await user.type(screen.getByLabelText('Menu name'), 'Dinner');
    await user.type(screen.getByLabelText('Sections (one per line)'), 'Starters{Enter}Mains');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', managePaths.menus(businessId))).toHaveLength(1));
    expect(api.callsTo('POST', managePaths.menus(businessId))[0]!.body).toEqual({
      name: 'Dinner',
      description: null,
      sections: [{ name: 'Starters' }, { name: 'Mains' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the menus cannot be read, and retries', async () => {
    let calls = 0;
    mockApi({
      [list]: () =>
        (calls += 1) === 1
          ? { status: 500, body: { status: 0, message: 'Something went wrong. Please try again.' } }
          : { body: { status: 1, results: menus() } },
    });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    // Failed's retry is an Ionic button (a custom element, not a native button, in jsdom).
    await user.click(screen.getByText('Try again'));
    expect(await screen.findByRole('switch', { name: 'Available: Latte' })).toBeInTheDocument();
  });
});
