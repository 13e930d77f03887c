import { catalogPaths } from '@localmart/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { gallery, storeId } from '../test/fixtures.ts';
import { MediaViewerPage } from './media-viewer-page.tsx';
import { NEXT_LABEL, PREVIOUS_LABEL } from './media-viewer.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

function renderAt(index: string) {
  mockApi({
    [`GET ${catalogPaths.businessGallery(storeId)}`]: () => ({
      body: { status: 1, results: gallery },
    }),
  });
  return renderWithProviders(<MediaViewerPage />, {
    path: `/media-viewer?business=${storeId}&index=${index}`,
  });
}

const counter = () => screen.getByRole('status', { name: 'Slide' });

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('MediaViewerPage', { timeout: 20_000 }, () => {
  it('opens at ?index= and moves with Next and Previous, stopping at the ends', async () => {
    renderAt('1');
    expect(
      await screen.findByRole('button', { name: 'Play video: Morning bake' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(counter()).toHaveTextContent('2 / 3');
    await userEvent.click(screen.getByRole('button', { name: NEXT_LABEL }));
    expect(counter()).toHaveTextContent('3 / 3');
    expect(screen.getByText('Cheese counter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NEXT_LABEL })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: PREVIOUS_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: PREVIOUS_LABEL }));
    expect(counter()).toHaveTextContent('1 / 3');
    expect(screen.getByRole('img', { name: 'aisle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PREVIOUS_LABEL })).toBeDisabled();
  });

  it('follows the arrow keys', async () => {
    renderAt('0');
    await screen.findByRole('img', { name: 'aisle' }, { timeout: 5000 });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(counter()).toHaveTextContent('2 / 3');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(counter()).toHaveTextContent('1 / 3');
  });

  it('takes a swipe (the track scrolled one screen) as the next slide', async () => {
    renderAt('0');
    await screen.findByRole('img', { name: 'aisle' }, { timeout: 5000 });
    const track = screen.getByTestId('media-track');
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 390 });
    track.scrollLeft = 390;
    fireEvent.scroll(track);
    expect(counter()).toHaveTextContent('2 / 3');
  });

  it('shows a video poster first and plays the clip on request', async () => {
    renderAt('1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Play video: Morning bake' }, { timeout: 5000 }),
    );
    const clip = screen.getByRole('img', { name: 'Morning bake' });
    expect(clip).toHaveAttribute('src', gallery[1]?.type === 'video' ? gallery[1].video.url : '');
  });

  it('clamps an index past the end to the last slide', async () => {
    renderAt('42');
    await screen.findByRole('img', { name: 'cheese' }, { timeout: 5000 });
    expect(counter()).toHaveTextContent('3 / 3');
  });
});
