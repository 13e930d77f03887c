import { catalogPaths, STOCK_LABELS } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, notFound } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { flyer, productId } from '../test/fixtures.ts';
import { FlyerDetailsPage } from './flyer-details-page.tsx';
import { ZOOM_IN_LABEL, ZOOM_OUT_LABEL } from './flyer-zoom-bar.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/app-modal.tsx', () => import('../../../test/app-modal-mock.tsx'));

const sample = flyer(2);

function renderViewer(id = sample.id) {
  return renderWithProviders(<FlyerDetailsPage />, { path: `/flyer-details?id=${id}` });
}

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('FlyerDetailsPage', { timeout: 20_000 }, () => {
  it('places each hotspot by its box fractions, named by the deal', async () => {
    const api = mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () => ({ body: { status: 1, result: sample } }),
    });
    renderViewer();
    const milk = await screen.findByRole('button', { name: 'Organic 2% milk 2 L' });
    expect(milk).toHaveStyle({ left: '12.5%', top: '10%', width: '37.5%', height: '20%' });
    const plants = screen.getByRole('button', { name: '20% off all house plants' });
    expect(plants).toHaveStyle({ left: '50%', top: '55%', width: '45%', height: '30%' });
    expect(screen.getByRole('heading', { name: 'Weekly deals' })).toBeInTheDocument();
    expect(screen.getByText(/Valid Thu Nov 19 - Wed Nov 25/)).toBeInTheDocument();
    expect(screen.getAllByRole('figure').map((page) => page.getAttribute('aria-label'))).toEqual([
      'Page 1 of 2',
      'Page 2 of 2',
    ]);
    expect(api.unhandled).toEqual([]);
  });

  it('says when the flyer ends on the store’s clock', async () => {
    // Wed Nov 25 2026, 21:00 in Toronto (02:00 UTC on Thursday): the flyer's last day there.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-26T02:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () => ({ body: { status: 1, result: sample } }),
    });
    renderViewer();
    expect(await screen.findByText('Ends today')).toHaveClass('lm-flyer-ends-soon');
  });

  it('a linked hotspot opens a sheet with the live offer: price, stock, store and a product link', async () => {
    mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () => ({ body: { status: 1, result: sample } }),
    });
    renderViewer();
    await userEvent.click(await screen.findByRole('button', { name: 'Organic 2% milk 2 L' }));
    const sheet = screen.getByRole('dialog', { name: 'Organic 2% milk 2 L' });
    expect(within(sheet).getByText('Save $1.50')).toBeInTheDocument();
    expect(within(sheet).getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(within(sheet).getByText('Now at Queen Street Market')).toBeInTheDocument();
    expect(within(sheet).getByText('$5.99')).toBeInTheDocument(); // the regular price, struck
    expect(
      within(sheet).getByRole('button', { name: 'Reserve at Queen Street Market' }),
    ).toBeEnabled();
    expect(within(sheet).getByRole('link', { name: 'View product details' })).toHaveAttribute(
      'href',
      `/details?id=${productId}`,
    );
  });

  it('an out-of-stock linked deal says so and disables the actions', async () => {
    const soldOut = flyer(0);
    mockApi({
      [`GET ${catalogPaths.flyer(soldOut.id)}`]: () => ({ body: { status: 1, result: soldOut } }),
    });
    renderViewer(soldOut.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Organic 2% milk 2 L' }));
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getAllByText(STOCK_LABELS.out_of_stock).length).toBeGreaterThan(0);
    expect(
      within(sheet).getByRole('button', { name: 'Reserve at Queen Street Market' }),
    ).toBeDisabled();
  });

  it('an unlinked deal shows its text only', async () => {
    mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () => ({ body: { status: 1, result: sample } }),
    });
    renderViewer();
    await userEvent.click(await screen.findByRole('button', { name: '20% off all house plants' }));
    const sheet = screen.getByRole('dialog', { name: '20% off all house plants' });
    expect(within(sheet).getByText('Valid Fri Nov 20 - Sun Nov 22')).toBeInTheDocument();
    expect(within(sheet).getByText('This deal is available in store.')).toBeInTheDocument();
    expect(within(sheet).queryByRole('link')).toBeNull();
  });

  it('zooms the stage in and out within 100%..300%', async () => {
    mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () => ({ body: { status: 1, result: sample } }),
    });
    renderViewer();
    await screen.findByRole('button', { name: 'Organic 2% milk 2 L' });
    const stage = screen.getByTestId('flyer-viewport').firstElementChild as HTMLElement;
    const zoomOutButton = screen.getByRole('button', { name: ZOOM_OUT_LABEL });
    expect(stage.style.width).toBe('100%');
    expect(zoomOutButton).toBeDisabled();
    for (let i = 0; i < 5; i++)
      await userEvent.click(screen.getByRole('button', { name: ZOOM_IN_LABEL }));
    expect(stage.style.width).toBe('300%');
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('300%');
    await userEvent.click(zoomOutButton);
    expect(stage.style.width).toBe('250%');
  });

  it('says the flyer is gone on a 404, with a way back to the list', async () => {
    mockApi({ [`GET ${catalogPaths.flyer(sample.id)}`]: () => notFound });
    renderViewer();
    expect(await screen.findByText('This flyer is no longer available')).toBeInTheDocument();
  });

  it('offers Retry when loading fails, and retrying shows the flyer', async () => {
    let calls = 0;
    mockApi({
      [`GET ${catalogPaths.flyer(sample.id)}`]: () =>
        ++calls === 1
          ? { status: 500, body: { status: 0, message: 'Database unavailable' } }
          : { body: { status: 1, result: sample } },
    });
    renderViewer();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Organic 2% milk 2 L' })).toBeInTheDocument();
  });
});
