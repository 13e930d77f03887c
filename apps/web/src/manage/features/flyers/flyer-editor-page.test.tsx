import {
  type FlyerItemEdit,
  type ManagedFlyer,
  type ManagedOffer,
  managePaths,
} from '@localmart/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderInStore, staffAccess } from '../../test/store-page.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { FlyerEditorPage, UNSAVED_WARNING } from './flyer-editor-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '11111111-1111-4111-8111-111111111111';
const flyerId = '22222222-2222-4222-8222-222222222222';
const pageId = '33333333-3333-4333-8333-333333333333';
const itemId = '44444444-4444-4444-8444-444444444444';
const offerId = '55555555-5555-4555-8555-555555555555';
const image = { url: '/api/v1/media/page-1', width: 800, height: 1000, alt: 'page' };

function flyer(items: ManagedFlyer['pages'][number]['items']): ManagedFlyer {
  return {
    id: flyerId,
    title: 'Weekly deals',
    validFrom: '2026-11-19',
    validTo: '2026-11-25',
    validity: 'current',
    cover: image,
    pageCount: 1,
    itemCount: items.length,
    pages: [{ id: pageId, pageNumber: 1, image, items }],
  };
}

const savedApples = {
  id: itemId,
  box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
  title: 'Apples',
  priceText: '$1.99/lb',
  saleStory: null,
  validFrom: '2026-11-19',
  validTo: '2026-11-25',
  offer: null,
  productId: null,
  promoPrice: null,
  priceMismatch: null,
};

function milkOffer(): ManagedOffer {
  return {
    id: offerId,
    productId: '66666666-6666-4666-8666-666666666666',
    title: 'Milk 2L',
    brand: 'Dairy Co',
    gtin: '06038318640007',
    contentStatus: 'confirmed',
    contentEditable: false,
    image: null,
    categoryName: 'Dairy',
    sku: null,
    price: { amount: 499, currency: 'CAD' },
    salePrice: null,
    saleStartsAt: null,
    saleEndsAt: null,
    quantity: 7,
    stock: { level: 'in_stock', label: 'In stock', inStock: true },
    stockUpdatedAt: '2026-11-19T12:00:00.000Z',
    pickupMethod: null,
    pickupSla: null,
  };
}

/** jsdom has no PointerEvent: a MouseEvent with the pointer fields is what React reads. */
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

function renderEditor(items = [savedApples]) {
  const api = mockApi({
    [`GET ${managePaths.flyer(businessId, flyerId)}`]: () => ({
      body: { status: 1, result: flyer(items) },
    }),
    [`PUT ${managePaths.flyerPageItems(businessId, pageId)}`]: () => ({
      body: { status: 1, message: 'Page saved', result: flyer([]) },
    }),
    [`GET ${managePaths.offers(businessId)}`]: () => ({
      body: {
        status: 1,
        results: [milkOffer()],
        nextCursor: null,
        counts: { all: 1, low: 0, out: 0 },
      },
    }),
  });
  renderInStore(
    <>
      <nav aria-label="Store">
        <Link to={sitePaths.store(businessId)}>Dashboard</Link>
      </nav>
      <FlyerEditorPage />
    </>,
    {
      store: { businessId, ...staffAccess },
      path: `/manage/stores/${businessId}/flyers/${flyerId}`,
      pattern: '/manage/stores/:businessId/flyers/:flyerId',
    },
  );
  const savedItems = () => {
    const [put] = api.callsTo('PUT', managePaths.flyerPageItems(businessId, pageId));
    return (put?.body as { items: FlyerItemEdit[] } | undefined)?.items;
  };
  return { api, user: userEvent.setup(), savedItems };
}

describe('FlyerEditorPage', () => {
  beforeEach(() => {
    vi.stubGlobal('PointerEvent', TestPointerEvent);
    // The rendered page image: 400 x 500 px at (100, 50).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 50,
      width: 400,
      height: 500,
      right: 500,
      bottom: 550,
      x: 100,
      y: 50,
      toJSON: () => ({}),
    });
  });

  it('draws a box by dragging on the page and saves it as fractions with its fields', async () => {
    const { user, savedItems } = renderEditor();
    const surface = await screen.findByTestId('hotspot-surface');
    expect(screen.getByRole('button', { name: 'Save page' })).toBeDisabled();

    fireEvent.pointerDown(surface, { clientX: 300, clientY: 300, button: 0 });
    fireEvent.pointerMove(surface, { clientX: 400, clientY: 400 });
    fireEvent.pointerUp(surface, { clientX: 420, clientY: 425 });

    // The new box is selected, with its fields in the side panel.
    expect(screen.getByRole('heading', { name: 'Hotspot 2' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Bananas');
    await user.type(screen.getByLabelText('Price text'), '2 for $1');
    await user.type(screen.getByLabelText('Sale story'), 'Save 50¢');
    await user.click(screen.getByRole('button', { name: 'Save page' }));

    await waitFor(() => expect(savedItems()).toBeDefined());
    expect(savedItems()).toEqual([
      {
        box: savedApples.box,
        title: 'Apples',
        priceText: '$1.99/lb',
        saleStory: null,
        offerId: null,
        promoPrice: null,
      },
      {
        box: { left: 0.5, top: 0.5, width: 0.3, height: 0.25 },
        title: 'Bananas',
        priceText: '2 for $1',
        saleStory: 'Save 50¢',
        offerId: null,
        promoPrice: null,
      },
    ]);
    expect(await screen.findByText('Page saved.')).toBeInTheDocument();
  });

  it('moves a box with the arrow keys and removes one with Delete', async () => {
    const { user, savedItems } = renderEditor([
      savedApples,
      { ...savedApples, id: '77777777-7777-4777-8777-777777777777', title: 'Pears' },
    ]);
    const apples = await screen.findByRole('button', { name: 'Hotspot 1: Apples' });
    apples.focus();
    await user.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    screen.getByRole('button', { name: 'Hotspot 2: Pears' }).focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: 'Hotspot 2: Pears' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save page' }));

    await waitFor(() => expect(savedItems()).toBeDefined());
    expect(savedItems()).toEqual([
      expect.objectContaining({
        title: 'Apples',
        box: { left: 0.105, top: 0.15, width: 0.2, height: 0.2 },
      }),
    ]);
  });

  it("links a hotspot to one of the store's offers found by search", async () => {
    const { api, user, savedItems } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add hotspot' }));
    await user.type(screen.getByLabelText('Price text'), '$3.99');
    await user.type(screen.getByLabelText('Link to a product'), 'milk');
    await user.click(await screen.findByRole('button', { name: 'Link Milk 2L' }));
    expect(api.callsTo('GET', managePaths.offers(businessId)).at(-1)?.url).toContain('q=milk');
    // The product's name fills the empty title.
    expect(screen.getByLabelText('Title')).toHaveValue('Milk 2L');
    expect(screen.getByText(/Linked to/)).toHaveTextContent('Milk 2L (7 in stock)');
    await user.click(screen.getByRole('button', { name: 'Save page' }));

    await waitFor(() => expect(savedItems()).toBeDefined());
    expect(savedItems()?.[1]).toEqual({
      box: { left: 0.35, top: 0.4, width: 0.3, height: 0.2 },
      title: 'Milk 2L',
      priceText: '$3.99',
      saleStory: null,
      offerId,
      promoPrice: null,
    });
  });

  it('refuses to save a hotspot without a title and price, without calling the server', async () => {
    const { user, savedItems } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add hotspot' }));
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hotspot 2 needs a title and a price text.',
    );
    expect(savedItems()).toBeUndefined();
  });
  it('warns before leaving a page with unsaved hotspots', async () => {
    const { user } = renderEditor();
    const flyersUrl = sitePaths.store(businessId, 'flyers');
    await user.click(await screen.findByRole('button', { name: 'Add hotspot' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: 'All flyers' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_WARNING);
    expect(screen.getByTestId('location').textContent).toBe(sitePaths.flyer(businessId, flyerId));

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'All flyers' }));
    expect(screen.getByTestId('location').textContent).toBe(flyersUrl);
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("also warns before the store menu's links leave unsaved hotspots", async () => {
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add hotspot' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_WARNING);
    expect(screen.getByTestId('location').textContent).toBe(sitePaths.flyer(businessId, flyerId));

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByTestId('location').textContent).toBe(sitePaths.store(businessId));
  });

  it('lets the store menu leave at once when nothing is unsaved', async () => {
    const { user } = renderEditor();
    await screen.findByRole('button', { name: 'Add hotspot' });
    const confirm = vi.spyOn(window, 'confirm');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe(sitePaths.store(businessId));
  });
});
