import { catalogPaths } from '@localmart/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { retailTree } from '../test/fixtures.ts';
import { ALL_CATEGORIES } from './category-browser.tsx';
import { CategoryModalPage } from './category-modal-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Shared machine, slow first Ionic render: see products-page.test.tsx.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

function serveTree() {
  return mockApi({
    [`GET ${catalogPaths.categories}`]: () => ({ body: { status: 1, results: retailTree() } }),
  });
}

const shownPath = () => screen.getByTestId('location').textContent;

function renderModal(search: string) {
  return renderWithProviders(<CategoryModalPage />, { path: `/category-modal${search}` });
}

describe('CategoryModalPage', () => {
  it('loads the tree of the kind asked for, drills down and returns with ?category=', async () => {
    const mock = serveTree();
    renderModal(`?kind=retail&returnTo=${encodeURIComponent('/products?q=organic')}`);
    expect(await screen.findByRole('heading', { name: ALL_CATEGORIES })).toBeInTheDocument();
    expect(new URL(mock.calls[0]?.url ?? '', 'http://test').searchParams.get('kind')).toBe(
      'retail',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Grocery/ }));
    expect(screen.getByRole('heading', { name: 'Grocery' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Dairy & Eggs/ }));
    // one level back up, then down again: the trail is kept
    fireEvent.click(screen.getByRole('button', { name: 'Back to Grocery' }));
    expect(screen.getByRole('heading', { name: 'Grocery' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Dairy & Eggs/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cheese' }));
    await waitFor(() => expect(shownPath()).toBe('/products?q=organic&category=cheese'));
  });

  it('chooses a whole branch with "All <name>"', async () => {
    serveTree();
    renderModal('?kind=retail&returnTo=/products');
    fireEvent.click(await screen.findByRole('button', { name: /^Grocery/ }));
    fireEvent.click(screen.getByRole('button', { name: 'All Grocery' }));
    await waitFor(() => expect(shownPath()).toBe('/products?category=grocery'));
  });

  it('opens at the chosen category, marked, and "All categories" removes it', async () => {
    serveTree();
    renderModal(`?returnTo=${encodeURIComponent('/products?category=milk&sort=price_asc')}`);
    const milk = await screen.findByRole('button', { name: 'Milk' });
    expect(milk).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { name: 'Dairy & Eggs' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Grocery' }));
    fireEvent.click(screen.getByRole('button', { name: `Back to ${ALL_CATEGORIES}` }));
    fireEvent.click(screen.getByRole('button', { name: ALL_CATEGORIES }));
    await waitFor(() => expect(shownPath()).toBe('/products?sort=price_asc'));
  });

  it('never leaves the app: a foreign returnTo falls back to the products list', async () => {
    serveTree();
    renderModal(`?kind=retail&returnTo=${encodeURIComponent('//evil.example/steal')}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Hardware' }));
    await waitFor(() => expect(shownPath()).toBe('/products?category=hardware'));
  });

  it('offers Retry when the tree cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      [`GET ${catalogPaths.categories}`]: () =>
        fail
          ? { status: 500, body: { status: 0, message: 'Categories are unavailable' } }
          : { body: { status: 1, results: retailTree() } },
    });
    renderModal('?kind=retail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Categories are unavailable');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /^Grocery/ })).toBeInTheDocument();
  });
});
