import { apiPaths, commonMessages } from '@localmart/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CmsPage } from './cms-page.tsx';

// Ionic's web components do not run in jsdom; left undefined they are plain elements (see
// app/menu/side-menu.test.tsx). Hoisted, because Ionic defines some elements as its modules load.
vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const id = '11111111-1111-4111-8111-111111111111';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter
        initialEntries={[path]}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        <Routes>
          <Route path="/cms/:pagename/:pageid" element={<CmsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

describe('CmsPage', () => {
  it('shows a skeleton, then the page titled by its name with the body sanitised again', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      answer(200, {
        status: 1,
        result: {
          _id: id,
          page_id: 'about-us',
          page_name: 'About us',
          content: '<p>We are local.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
          updated_at: '2025-01-01T00:00:00.000Z',
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderAt(`/cms/about-us/${id}`);
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(await screen.findByText('We are local.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(apiPaths.page(id));
    const body = container.querySelector('.cms-content') as HTMLElement;
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('says the page does not exist on a 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { status: 0, message: commonMessages.notFound })),
    );
    renderAt(`/cms/nothing/${id}`);
    expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
    expect(screen.queryByText('Retry')).toBeNull();
  });

  it('offers Retry on other failures, and retrying loads the page', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        answer(200, {
          status: 1,
          result: {
            _id: id,
            page_id: 'faq',
            page_name: 'FAQ',
            content: '<p>Answers</p>',
            updated_at: 'x',
          },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/cms/faq/${id}`);
    expect(await screen.findByText(commonMessages.genericFailure)).toBeInTheDocument();
    expect(errorLog).toHaveBeenCalled();
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByText('Answers')).toBeInTheDocument();
  });
});
