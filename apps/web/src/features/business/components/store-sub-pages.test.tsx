import { catalogPaths } from '@localmart/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, notFound } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { business, gallery, storeId, team } from '../test/fixtures.ts';
import { GalleryPage } from './gallery-page.tsx';
import { STORE_MISSING } from './store-missing.tsx';
import { TeamDetailsPage } from './team-details-page.tsx';
import { TeamsPage } from './teams-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const member = team[0] ?? team[1];
const storeAnswers = {
  [`GET ${catalogPaths.business(storeId)}`]: () => ({ body: { status: 1, result: business() } }),
};

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('store sub-pages', { timeout: 20_000 }, () => {
  it('teams lists the staff with role, each linking to the member', async () => {
    mockApi({
      ...storeAnswers,
      [`GET ${catalogPaths.businessTeam(storeId)}`]: () => ({ body: { status: 1, results: team } }),
    });
    renderWithProviders(<TeamsPage />, { path: `/teams?business=${storeId}` });
    const link = await screen.findByRole('link', { name: /Tom Becker/ }, { timeout: 5000 });
    expect(link).toHaveTextContent('Cheesemonger');
    expect(
      await screen.findByRole('heading', { name: 'Team · Queen Street Market' }),
    ).toBeVisible();
  });

  it('team-details shows photo, name, role and bio', async () => {
    if (!member) throw new Error('fixture has no team');
    mockApi({
      [`GET ${catalogPaths.businessTeamMember(storeId, member.id)}`]: () => ({
        body: { status: 1, result: member },
      }),
    });
    renderWithProviders(<TeamDetailsPage />, {
      path: `/team-details?business=${storeId}&id=${member.id}`,
    });
    expect(await screen.findByText(member.bio, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: member.name, level: 2 })).toBeInTheDocument();
    expect(screen.getByText(member.role)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: member.photo.alt })).toHaveAttribute('width', '400');
  });

  it('team-details says so for an unknown member', async () => {
    mockApi({ [`GET ${catalogPaths.businessTeamMember(storeId, storeId)}`]: () => notFound });
    renderWithProviders(<TeamDetailsPage />, {
      path: `/team-details?business=${storeId}&id=${storeId}`,
    });
    expect(await screen.findByText(STORE_MISSING, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('gallery shows a tile per item, videos marked, opening the viewer at its index', async () => {
    mockApi({
      ...storeAnswers,
      [`GET ${catalogPaths.businessGallery(storeId)}`]: () => ({
        body: { status: 1, results: gallery },
      }),
    });
    renderWithProviders(<GalleryPage />, { path: `/gallery?business=${storeId}` });
    const video = await screen.findByRole(
      'link',
      { name: 'Video 2 of 3: Morning bake' },
      { timeout: 5000 },
    );
    expect(video).toHaveAttribute('href', `/media-viewer?business=${storeId}&index=1`);
    expect(screen.getAllByRole('link', { name: /^Photo/ })).toHaveLength(2);
  });

  it('a page opened without ?business= says the store is unknown and calls nothing', async () => {
    const api = mockApi({});
    renderWithProviders(<GalleryPage />, { path: '/gallery' });
    expect(await screen.findByText(STORE_MISSING, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
