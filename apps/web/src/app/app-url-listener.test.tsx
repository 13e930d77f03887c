import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppUrlListener } from './app-url-listener.tsx';

const native = vi.hoisted(() => ({
  on: false,
  listener: undefined as ((event: { url: string }) => void) | undefined,
}));

vi.mock('../lib/platform.ts', () => ({
  isNativePlatform: () => native.on,
  serverOrigin: () => '',
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: vi.fn(async (_event: string, listener: (event: { url: string }) => void) => {
      native.listener = listener;
      return { remove: vi.fn(async () => undefined) };
    }),
  },
}));

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderListener() {
  return render(
    <MemoryRouter
      initialEntries={['/home']}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <AppUrlListener />
      <CurrentLocation />
    </MemoryRouter>,
  );
}

describe('AppUrlListener (spec §2: app links on native)', () => {
  afterEach(() => {
    native.on = false;
    native.listener = undefined;
  });

  it('on native, an opened app link navigates to its in-app route', async () => {
    native.on = true;
    const { getByLabelText } = renderListener();
    await waitFor(() => expect(native.listener).toBeDefined());
    native.listener?.({ url: 'https://shop.example.com/order-details/ORD-1?from=mail' });
    await waitFor(() =>
      expect(getByLabelText('location')).toHaveTextContent('/order-details/ORD-1?from=mail'),
    );
    native.listener?.({ url: 'localmart://no/such/place' });
    await waitFor(() => expect(getByLabelText('location')).toHaveTextContent(/^\/home$/));
  });

  it('on the web, listens to nothing', async () => {
    renderListener();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(native.listener).toBeUndefined();
  });
});
