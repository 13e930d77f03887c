import { apiPaths, APP_VERSION, labels, STORAGE_KEYS } from '@localmart/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../../lib/auth-modals.ts';
import { ALL_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { AfterFirstScreenProvider, FirstScreenSignal } from '../after-first-screen.tsx';
import { AppProviders, createQueryClient } from '../providers.tsx';
import {
  MENU_CREATE_ACCOUNT,
  MENU_FAVOURITES,
  MENU_MY_LIST,
  MENU_SIGN_IN,
} from './menu-entries.ts';
import { SideMenu } from './side-menu.tsx';

// Ionic's web components do not run in jsdom (Stencil relocates slotted children and leaves labels
// empty). Left undefined, they stay plain elements holding the React-rendered markup, which is what
// these tests inspect; the browser e2e suite covers the real components. Hoisted, because Ionic
// defines some elements as its modules load; this file's environment only.
vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

// The real question is an Ionic alert (browser suite: overlays.phone.spec); here its answer.
const askLogout = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('./ask-logout.ts', () => ({ askLogout }));

const cmsPages = [
  { _id: '11111111-1111-4111-8111-111111111111', page_id: 'about-us', page_name: 'About us' },
  { _id: '22222222-2222-4222-8222-222222222222', page_id: 'faq', page_name: 'FAQ' },
];

function menuTree(path: string, firstScreen?: FirstScreenSignal) {
  const signal = firstScreen ?? new FirstScreenSignal();
  if (!firstScreen) signal.markDone();
  return (
    <AfterFirstScreenProvider value={signal}>
      <MemoryRouter
        initialEntries={[path]}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        <SideMenu />
      </MemoryRouter>
    </AfterFirstScreenProvider>
  );
}

/** Renders the menu and waits for its entries, which follow the first paint (usePaintedOnce). */
async function renderMenu(path = '/home') {
  const client = createQueryClient();
  const result = render(<AppProviders client={client}>{menuTree(path)}</AppProviders>);
  await screen.findByText(labels.menuStores);
  return result;
}

/** The label elements of the menu entries, in document order. */
function entryLabels(): string[] {
  return [...document.querySelectorAll('.lm-menu-item ion-label')].map(
    (label) => label.textContent ?? '',
  );
}

describe('SideMenu', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(apiPaths.pages)) {
        return new Response(JSON.stringify({ status: 1, results: cmsPages }), { status: 200 });
      }
      return new Response(JSON.stringify({ status: 0, message: 'unexpected' }), { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(async () => {
    authModals.close();
    await storage.remove(...ALL_STORAGE_KEYS);
  });

  it('anonymous: the six fixed entries, the CMS pages, Sign in and Create account, no Profile, My Order or Logout', async () => {
    await renderMenu();
    await screen.findByText('FAQ');
    expect(entryLabels()).toEqual([
      labels.menuStores,
      labels.menuProducts,
      labels.menuFoodItems,
      labels.menuServices,
      labels.menuFlyers,
      labels.menuManageYourStore,
      'About us',
      'FAQ',
      MENU_SIGN_IN,
      MENU_CREATE_ACCOUNT,
    ]);
    expect(screen.queryByText(labels.menuProfile)).toBeNull();
    expect(screen.queryByText(labels.menuMyOrder)).toBeNull();
    expect(screen.queryByText(labels.menuLogout)).toBeNull();
  });

  it('renders its entries only after the first paint, so they do not hold the first page back', async () => {
    render(<AppProviders client={createQueryClient()}>{menuTree('/home')}</AppProviders>);
    expect(screen.queryByText(labels.menuStores)).toBeNull();
    expect(await screen.findByText(labels.menuStores)).toBeInTheDocument();
  });

  it('asks for the CMS pages only once the first page has painted', async () => {
    const firstScreen = new FirstScreenSignal();
    render(
      <AppProviders client={createQueryClient()}>{menuTree('/home', firstScreen)}</AppProviders>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(labels.menuStores)).toBeInTheDocument();
    act(() => firstScreen.markDone());
    expect(await screen.findByText('FAQ')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('asks for page 1 of 10 CMS pages, without a token when none is held', async () => {
    await renderMenu();
    await screen.findByText('FAQ');
    const [url, init] = fetchMock.mock.calls.find(([u]) =>
      String(u).startsWith(apiPaths.pages),
    ) as [string, RequestInit];
    expect(url).toBe(`${apiPaths.pages}?page=1&limit=10`);
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('links each entry to its route, CMS entries to /cms/{page_id}/{_id}', async () => {
    await renderMenu();
    const faq = await screen.findByText('FAQ');
    expect(faq.closest('ion-item')).toHaveAttribute('href', `/cms/faq/${cmsPages[1]?._id}`);
    expect(screen.getByText(labels.menuFoodItems).closest('ion-item')).toHaveAttribute(
      'href',
      '/menulist',
    );
    expect(screen.getByText(labels.menuStores).closest('ion-item')).toHaveAttribute(
      'href',
      '/home',
    );
  });

  it('Sign in opens the login dialog on this page, Create account the registration dialog', async () => {
    await renderMenu('/products?q=milk');
    const item = (label: string) => screen.getByText(label).closest('ion-item') as HTMLElement;
    expect(item(MENU_SIGN_IN)).toHaveAttribute('button');
    expect(item(MENU_SIGN_IN)).not.toHaveAttribute('href');
    fireEvent.click(item(MENU_SIGN_IN));
    // No return_url: after signing in the visitor stays where they were (spec §2).
    expect(authModals.getSnapshot()).toMatchObject({ view: { kind: 'login' }, returnUrl: null });
    authModals.close();
    fireEvent.click(item(MENU_CREATE_ACCOUNT));
    expect(authModals.getSnapshot().view).toEqual({
      kind: 'registration',
      step: 1,
      activation: false,
    });
  });

  it('with a user name held: Profile, My Order and Logout appear, with the token sent for pages', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    await renderMenu();
    await screen.findByText('FAQ');
    expect(entryLabels().slice(-5)).toEqual([
      labels.menuProfile,
      labels.menuMyOrder,
      MENU_FAVOURITES,
      MENU_MY_LIST,
      labels.menuLogout,
    ]);
    expect(screen.queryByText(MENU_SIGN_IN)).toBeNull();
    expect(screen.queryByText(MENU_CREATE_ACCOUNT)).toBeNull();
    expect(screen.getByText(labels.menuProfile).closest('ion-item')).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByText(labels.menuMyOrder).closest('ion-item')).toHaveAttribute(
      'href',
      '/my-order',
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith(apiPaths.pages)) as [
      string,
      RequestInit,
    ];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('updates live when the session ends', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    await renderMenu();
    expect(await screen.findByText(labels.menuLogout)).toBeInTheDocument();
    await act(async () => {
      await storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.username);
    });
    await waitFor(() => expect(screen.queryByText(labels.menuLogout)).toBeNull());
    expect(screen.getByText(MENU_SIGN_IN)).toBeInTheDocument();
  });

  it('Logout asks first: Cancel keeps the session, Yes tells the server and ends it', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    await renderMenu();
    const logoutItem = (await screen.findByText(labels.menuLogout)).closest('ion-item');
    const logoutCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith(apiPaths.logout));

    askLogout.mockResolvedValueOnce(false);
    fireEvent.click(logoutItem as HTMLElement);
    await waitFor(() => expect(askLogout).toHaveBeenCalledTimes(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(logoutCalls()).toHaveLength(0);
    expect(screen.getByText(labels.menuLogout)).toBeInTheDocument();

    askLogout.mockResolvedValueOnce(true);
    fireEvent.click(logoutItem as HTMLElement);
    await waitFor(() => expect(screen.queryByText(labels.menuLogout)).toBeNull());
    expect(askLogout).toHaveBeenCalledTimes(2);
    expect(logoutCalls()).toHaveLength(1);
  });

  it('Manage Your Store opens /manage in a new tab (web)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderMenu();
    fireEvent.click(
      screen.getByText(labels.menuManageYourStore).closest('ion-item') as HTMLElement,
    );
    expect(open).toHaveBeenCalledWith('/manage', '_blank', 'noopener');
  });

  it('Manage Your Store and Logout are buttons, the other entries links', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada');
    await renderMenu();
    await screen.findByText('FAQ');
    const item = (label: string) => screen.getByText(label).closest('ion-item');
    expect(item(labels.menuManageYourStore)).toHaveAttribute('button');
    expect(item(labels.menuLogout)).toHaveAttribute('button');
    expect(item(labels.menuManageYourStore)).not.toHaveAttribute('href');
    expect(item(labels.menuProducts)).not.toHaveAttribute('button');
  });

  it('marks the current route', async () => {
    await renderMenu('/products');
    const products = screen.getByText(labels.menuProducts).closest('ion-item');
    expect(products).toHaveClass('lm-menu-item-current');
    expect(products).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(labels.menuStores).closest('ion-item')).not.toHaveClass(
      'lm-menu-item-current',
    );
  });

  it('is the "Main menu" navigation and shows the app name and version at its foot', async () => {
    const { container } = await renderMenu();
    expect(container.querySelector('ion-menu')).toHaveAttribute('aria-label', 'Main menu');
    const footer = container.querySelector('ion-footer') as HTMLElement;
    expect(
      within(footer).getByText(
        new RegExp(`Localmart · Version ${APP_VERSION.replace(/\./g, '\\.')}`),
      ),
    ).toBeInTheDocument();
  });
});
