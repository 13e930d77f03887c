import { type AdminPage, managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminPagesPage } from './admin-pages-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const pageId = '0f000000-0000-4000-8000-0000000000f1';
const opts = { timeout: 5000 };

const page = (overrides: Partial<AdminPage> = {}): AdminPage => ({
  id: pageId,
  slug: 'about-us',
  title: 'About us',
  published: true,
  updatedAt: '2026-11-20T15:00:00.000Z',
  html: '<p>Old text</p>',
  ...overrides,
});

describe('admin CMS pages', { timeout: 20_000 }, () => {
  it('saves title and HTML and previews what the server stored', async () => {
    const api = mockApi({
      [`GET ${managePaths.adminPages}`]: () => ({ body: { status: 1, results: [page()] } }),
      [`GET ${managePaths.adminPage(pageId)}`]: () => ({ body: { status: 1, result: page() } }),
      [`PUT ${managePaths.adminPage(pageId)}`]: () => ({
        body: {
          status: 1,
          message: 'Page saved.',
          result: page({ title: 'About Localmart', html: '<h2>Hello</h2><p>Clean</p>' }),
        },
      }),
    });
    renderWithProviders(<AdminPagesPage />, { path: sitePaths.adminPages });

    const title = await screen.findByLabelText('Title', undefined, opts);
    expect(title).toHaveValue('About us');
    const preview = screen.getByLabelText('Saved page preview');
    expect(preview).toHaveTextContent('Old text');

    await userEvent.clear(title);
    await userEvent.type(title, 'About Localmart');
    const html = screen.getByLabelText('HTML');
    await userEvent.clear(html);
    await userEvent.type(html, '<h2>Hello</h2><p>Clean</p>{<}script>x(){<}/script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));

    expect(await within(preview).findByRole('heading', { name: 'Hello' }, opts)).toBeVisible();
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.getByLabelText('HTML')).toHaveValue('<h2>Hello</h2><p>Clean</p>');
    const sent = api.callsTo('PUT', managePaths.adminPage(pageId))[0]?.body as {
      title: string;
      html: string;
    };
    expect(sent.title).toBe('About Localmart');
    expect(sent.html).toContain('<h2>Hello</h2>');
  });
});
