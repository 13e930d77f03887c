import {
  commercePaths,
  commerceMessages,
  type Address,
  type AddressInput,
} from '@localmart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { address, addressId as savedId } from '../../../test/commerce-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signIn, signOut } from '../../../test/session.ts';
import {
  AddAddressPage,
  PLACE_PICKER_LABEL,
  SAVE_ADDRESS_LABEL,
  SAVED_ADDRESSES_TITLE,
  USE_CURRENT_LOCATION_LABEL,
} from './add-address-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(async () => {
  vi.unstubAllGlobals();
  await signOut();
  await devicePreferences.remove(DEVICE_PREFERENCE_KEYS.location);
});

function saved(overrides: Partial<Address> = {}): Address {
  return address({ isDefault: false, ...overrides });
}

function field(name: string) {
  return screen.getByLabelText(name, { selector: 'input' });
}

function setup(path = '/add-address?return_url=payumoney', addresses: Address[] = []) {
  const list = [...addresses];
  const api = mockApi({
    [`GET ${commercePaths.addresses}`]: () => ({ body: { status: 1, results: list } }),
    [`POST ${commercePaths.addresses}`]: (call) => {
      const created = saved({
        ...(call.body as object),
        id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b09',
      });
      list.push(created);
      return {
        status: 201,
        body: { status: 1, message: commerceMessages.addressSaved, result: created },
      };
    },
    [`DELETE ${commercePaths.address(savedId)}`]: () => {
      list.splice(0, list.length);
      return { body: { status: 1, message: commerceMessages.addressDeleted } };
    },
  });
  renderWithProviders(<AddAddressPage title="Add address" />, { path, pattern: '/add-address' });
  return { api };
}

describe('add-address', { timeout: 20_000 }, () => {
  it('sends an anonymous shopper to sign in, keeping where to return', () => {
    setup();
    expect(screen.getByTestId('location').textContent).toBe(
      '/login?return_url=add-address%3Freturn_url%3Dpayumoney',
    );
  });

  it("shows the contract's messages under each field, and the missing map point, on an empty save", async () => {
    await signIn();
    const { api } = setup();
    await userEvent.click(
      await screen.findByRole('button', { name: SAVE_ADDRESS_LABEL }, { timeout: 5000 }),
    );
    expect(await screen.findByText(commerceMessages.addressNameRequired)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressPhoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressLine1Required)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressCityRequired)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressRegionRequired)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressPostalCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.addressLocationRequired)).toBeInTheDocument();
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', commercePaths.addresses)).toHaveLength(0);
  });

  it('saves at the picked place and returns to checkout with the new address', async () => {
    await signIn();
    await devicePreferences.set(
      DEVICE_PREFERENCE_KEYS.location,
      JSON.stringify({ lat: 43.65, lng: -79.38, label: 'Downtown Toronto', source: 'place' }),
    );
    const { api } = setup();
    expect(
      await screen.findByText(/Set to Downtown Toronto/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(PLACE_PICKER_LABEL), 'leslieville');
    expect(screen.getByText(/Set to Leslieville/)).toBeInTheDocument();
    await userEvent.type(field('Full name'), 'Ada Lovelace');
    await userEvent.type(field('Phone'), '416 555 0100');
    await userEvent.type(field('Street address'), '1 Queen St E');
    await userEvent.type(field('City'), 'Toronto');
    await userEvent.type(field('Province'), 'ON');
    await userEvent.type(field('Postal code'), 'm4m 1a1');
    await userEvent.click(screen.getByRole('button', { name: SAVE_ADDRESS_LABEL }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/payumoney?address=5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b09',
      ),
    );
    const body = api.callsTo('POST', commercePaths.addresses)[0]?.body as AddressInput;
    expect(body).toMatchObject({
      name: 'Ada Lovelace',
      phone: '416 555 0100',
      line1: '1 Queen St E',
      line2: null,
      city: 'Toronto',
      region: 'ON',
      postalCode: 'm4m 1a1',
      country: 'CA',
      lat: 43.6626,
      lng: -79.3322,
      isDefault: false,
    });
  });

  it('sets the point from the device with "Use my current location"', async () => {
    await signIn();
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 43.6626, longitude: -79.3322 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    setup();
    expect(
      await screen.findByText('Not set yet', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: USE_CURRENT_LOCATION_LABEL }));
    expect(await screen.findByText('Set to Leslieville (43.6626, -79.3322)')).toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('lists saved addresses and deletes one', async () => {
    await signIn();
    const { api } = setup('/add-address', [saved()]);
    const remove = await screen.findByRole(
      'button',
      { name: 'Delete Home, 12 King St W' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('heading', { name: SAVED_ADDRESSES_TITLE })).toBeInTheDocument();
    await userEvent.click(remove);
    await waitFor(() => expect(screen.getByText('None yet.')).toBeInTheDocument());
    expect(api.callsTo('DELETE', commercePaths.address(savedId))).toHaveLength(1);
  });
});
