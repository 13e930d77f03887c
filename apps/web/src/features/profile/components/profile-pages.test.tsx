import {
  accountMessages,
  phoneMessages,
  apiPaths,
  commercePaths,
  labels,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  STORAGE_KEYS,
  toastTitles,
  validationMessages as v,
} from '@localmart/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { ALL_STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  CHANGE_PASSWORD_LABEL,
  DEMO_EDIT_NOTE,
  EditProfilePage,
  SAVE_DETAILS_LABEL,
} from './edit-profile-page.tsx';
import { DEMO_NOTE, EDIT_PROFILE_LABEL, ProfilePage, SESSION_ENDED } from './profile-page.tsx';
import { getProfile, profile } from '../test/fixtures.ts';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

async function signIn() {
  await storage.set(STORAGE_KEYS.token, 'tok');
  await storage.set(STORAGE_KEYS.userId, profile._id);
  await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
  await storage.set(STORAGE_KEYS.isLoggedIn, 'true');
}

/** What logout does after clearing the session on a private page (spec §4). */
function GoHome() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/home', { replace: true })}>
      Go home
    </button>
  );
}

function location() {
  return screen.getByTestId('location').textContent;
}

function field(name: string) {
  return screen.getByLabelText(name, { selector: 'input' });
}

beforeEach(() => {
  vi.mocked(showError).mockClear();
  vi.mocked(showSuccess).mockClear();
});

afterEach(async () => {
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('profile page', () => {
  function setup(routes: Record<string, MockHandler> = {}) {
    const api = mockApi({
      [`GET ${apiPaths.profile}`]: getProfile,
      // The page lists them below the card; price-match-list.test.tsx covers that list.
      [`GET ${commercePaths.priceMatches}`]: () => ({ body: { status: 1, results: [] } }),
      ...routes,
    });
    renderWithProviders(<ProfilePage />, { path: '/profile', pattern: '/profile' });
    return { api };
  }

  it('sends an anonymous visitor to sign in with return_url=profile, asking nothing', () => {
    const { api } = setup();
    expect(location()).toBe('/login?return_url=profile');
    expect(api.calls).toHaveLength(0);
  });

  it('shows initials, display name, names, email with its verified badge, member since, and links', async () => {
    await signIn();
    const { api } = setup();
    expect(
      await screen.findByRole('heading', { name: 'Countess of Lovelace' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', apiPaths.profile)[0]?.headers.Authorization).toBe('Bearer tok');
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    const facts = document.querySelector('dl') as HTMLElement;
    expect(within(facts).getByText('Ada')).toBeInTheDocument();
    expect(within(facts).getByText('Lovelace')).toBeInTheDocument();
    expect(within(facts).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(facts).getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2024')).toBeInTheDocument();
    expect(screen.getByText(EDIT_PROFILE_LABEL).closest('ion-button')).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    expect(screen.getByText(labels.menuMyOrder).closest('ion-button')).toHaveAttribute(
      'href',
      '/my-order',
    );
  });

  it('logging out on the page follows the logout rule, not a second redirect to sign in', async () => {
    await signIn();
    mockApi({ [`GET ${apiPaths.profile}`]: getProfile });
    renderWithProviders(
      <>
        <ProfilePage />
        <GoHome />
      </>,
      { path: '/profile' },
    );
    await screen.findByRole('heading', { name: 'Countess of Lovelace' });
    await act(() => storage.remove(...ALL_STORAGE_KEYS));
    act(() => screen.getByRole('button', { name: 'Go home' }).click());
    expect(location()).toBe('/home');
  });

  it('shows the picture when there is one, named by the person', async () => {
    await signIn();
    setup({
      [`GET ${apiPaths.profile}`]: () => ({
        body: {
          status: 1,
          result: { ...profile, picture: '/api/v1/media/p1', email_verified: false },
        },
      }),
    });
    const picture = await screen.findByRole('img', { name: 'Countess of Lovelace' });
    expect(picture).toHaveAttribute('src', '/api/v1/media/p1');
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });

  it('a refused session asks to sign in again', async () => {
    await signIn();
    setup({
      [`GET ${apiPaths.profile}`]: () => ({
        status: 401,
        body: { status: 0, message: 'Please sign in to continue.' },
      }),
    });
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
    expect(screen.getByText(labels.signIn).closest('ion-button')).toHaveAttribute(
      'href',
      '/login?return_url=profile',
    );
  });

  it('a demo Google session shows its demo record without asking the server', async () => {
    await signIn();
    await storage.set(
      STORAGE_KEYS.userData,
      JSON.stringify({
        _id: 'demo-g1',
        first_name: 'Demo',
        last_name: 'User',
        display_name: 'Demo User',
        email: 'demo@localmart.example',
        google_id: 'g1',
        picture: '',
        created_at: '2025-01-02T00:00:00.000Z',
        updated_at: '2025-01-02T00:00:00.000Z',
      }),
    );
    const { api } = setup();
    expect(screen.getByRole('heading', { name: 'Demo User' })).toBeInTheDocument();
    expect(screen.getByText(DEMO_NOTE)).toBeInTheDocument();
    expect(screen.getByText('demo@localmart.example')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('edit-profile page', () => {
  function setup(routes: Record<string, MockHandler> = {}) {
    const api = mockApi({ [`GET ${apiPaths.profile}`]: getProfile, ...routes });
    renderWithProviders(<EditProfilePage />, { path: '/edit-profile', pattern: '/edit-profile' });
    return { api, user: userEvent.setup() };
  }

  it('sends an anonymous visitor to sign in with return_url=edit-profile', () => {
    setup();
    expect(location()).toBe('/login?return_url=edit-profile');
  });

  it('saves names and display name, and the menu name follows', async () => {
    await signIn();
    const { api, user } = setup({
      [`PUT ${apiPaths.profile}`]: (call) => ({
        body: {
          status: 1,
          message: accountMessages.profileUpdated,
          result: { ...profile, ...(call.body as object) },
        },
      }),
    });
    await screen.findByRole('button', { name: SAVE_DETAILS_LABEL });
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Display name')).toHaveValue('Countess of Lovelace');
    await user.clear(field('First name'));
    await user.click(screen.getByRole('button', { name: SAVE_DETAILS_LABEL }));
    expect(screen.getByText(v.registration.firstNameRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPaths.profile)).toHaveLength(0);
    await user.type(field('First name'), 'Augusta');
    await user.clear(field('Display name'));
    // The optional phone (issue 15): refused in words, then kept as typed (the server stores E.164).
    await user.type(field('Phone (optional)'), '555-01');
    await user.click(screen.getByRole('button', { name: SAVE_DETAILS_LABEL }));
    expect(screen.getByText(phoneMessages.invalid)).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPaths.profile)).toHaveLength(0);
    await user.clear(field('Phone (optional)'));
    await user.type(field('Phone (optional)'), '(416) 555-0123');
    await user.click(screen.getByRole('button', { name: SAVE_DETAILS_LABEL }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(toastTitles.success, accountMessages.profileUpdated),
    );
    expect(api.callsTo('PUT', apiPaths.profile)[0]?.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      display_name: '',
      phone: '+14165550123',
    });
    expect(storage.getSnapshot()[STORAGE_KEYS.username]).toBe('Augusta Lovelace');
  });

  it('changes the password with current_password and new_password', async () => {
    await signIn();
    const { api, user } = setup({
      [`PUT ${apiPaths.profilePassword}`]: () => ({
        body: { status: 1, message: accountMessages.passwordChanged },
      }),
    });
    await screen.findByRole('button', { name: CHANGE_PASSWORD_LABEL });
    await user.click(screen.getByRole('button', { name: CHANGE_PASSWORD_LABEL }));
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText(v.registration.passwordRequired)).toBeInTheDocument();
    await user.type(field('Current password'), 'old-secret');
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret{Enter}');
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        toastTitles.success,
        accountMessages.passwordChanged,
      ),
    );
    expect(api.callsTo('PUT', apiPaths.profilePassword)[0]?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(field('Current password')).toHaveValue('');
  });

  it("a wrong current password shows the server's message", async () => {
    await signIn();
    const { user } = setup({
      [`PUT ${apiPaths.profilePassword}`]: () => ({
        status: 400,
        body: { status: 0, message: accountMessages.currentPasswordWrong },
      }),
    });
    await screen.findByRole('button', { name: CHANGE_PASSWORD_LABEL });
    await user.type(field('Current password'), 'bad-secret');
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: CHANGE_PASSWORD_LABEL }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        toastTitles.loginError,
        accountMessages.currentPasswordWrong,
      ),
    );
  });

  it('an account without a password says how to get one instead of the form', async () => {
    await signIn();
    setup({
      [`GET ${apiPaths.profile}`]: () => ({
        body: { status: 1, result: { ...profile, has_password: false, google_linked: true } },
      }),
    });
    expect(await screen.findByText(accountMessages.noPasswordYet)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('checks a picture before sending it, then uploads it as multipart', async () => {
    await signIn();
    const { api } = setup({
      [`POST ${apiPaths.profilePicture}`]: () => ({
        body: {
          status: 1,
          message: accountMessages.pictureUpdated,
          result: { ...profile, picture: '/api/v1/media/new' },
        },
      }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Choose a new picture');

    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.pictureTypeUnsupported);
    expect(input).toHaveAccessibleDescription(accountMessages.pictureTypeUnsupported);

    const big = new File([new Uint8Array(PROFILE_PICTURE_MAX_BYTES + 1)], 'big.png', {
      type: 'image/png',
    });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.pictureTooLarge);
    expect(api.callsTo('POST', apiPaths.profilePicture)).toHaveLength(0);

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(toastTitles.success, accountMessages.pictureUpdated),
    );
    const call = api.callsTo('POST', apiPaths.profilePicture)[0];
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body as FormData).get(PROFILE_PICTURE_FIELD)).toBeInstanceOf(File);
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(call?.headers.Authorization).toBe('Bearer tok');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('img', { name: 'Countess of Lovelace' })).toHaveAttribute(
      'src',
      '/api/v1/media/new',
    );
  });

  it('a demo session cannot edit', async () => {
    await signIn();
    await storage.set(
      STORAGE_KEYS.userData,
      JSON.stringify({
        _id: 'demo-g1',
        first_name: 'Demo',
        last_name: 'User',
        display_name: 'Demo User',
        email: 'demo@localmart.example',
        google_id: 'g1',
        picture: '',
        created_at: 'x',
        updated_at: 'x',
      }),
    );
    const { api } = setup();
    expect(screen.getByText(DEMO_EDIT_NOTE)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
