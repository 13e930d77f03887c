import {
  APPOINTMENT_CHOICE_LEGEND,
  APPOINTMENT_METHODS,
  FULFILMENT_HINTS,
  FULFILMENT_LABELS,
} from '@localmart/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { cartLine, cartStore } from '../test/fixtures.ts';
import { FULFILMENT_LEGEND, StoreCheckoutCard } from './store-checkout-card.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const classLine = cartLine({
  kind: 'service',
  productId: null,
  title: 'Drop-In Class',
  subtitle: '1 h',
  quantity: 1,
  appointment: {
    id: null,
    serviceId: '1b000000-0000-4000-8000-000000000001',
    title: 'Drop-In Class',
    startsAt: '2026-11-28T13:00:00.000Z',
    endsAt: '2026-11-28T14:00:00.000Z',
    timeZone: 'America/Toronto',
    label: 'Sat Nov 28, 08:00–09:00',
    places: 1,
    changeableUntil: null,
    released: false,
  },
});

function renderCard(lines = [classLine]) {
  renderWithProviders(
    <StoreCheckoutCard
      store={cartStore({
        fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: true },
      })}
      lines={lines}
      choice={{ fulfilment: 'reserve_pickup', addressId: null, note: '' }}
      addresses={[]}
      addressId={null}
      quoted={undefined}
      onChange={() => undefined}
    />,
  );
}

describe('a store card of services only', () => {
  it('books an appointment: its time under the line, no delivery, no pickup words', () => {
    renderCard();
    expect(screen.getByText(/Appointment: Sat Nov 28, 08:00–09:00/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: APPOINTMENT_CHOICE_LEGEND })).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: new RegExp(APPOINTMENT_METHODS.reserve_pickup.label) }),
    ).toBeChecked();
    expect(screen.getByText(APPOINTMENT_METHODS.reserve_pickup.hint)).toBeInTheDocument();
    expect(screen.queryByText(FULFILMENT_HINTS.reserve_pickup)).not.toBeInTheDocument();
    expect(screen.queryByText(FULFILMENT_LABELS.same_day_delivery)).not.toBeInTheDocument();
    expect(screen.queryByText('Ready in 2 hours')).not.toBeInTheDocument();
  });

  it('keeps the usual choices for a store whose cart has products too', () => {
    renderCard([classLine, cartLine()]);
    expect(screen.getByRole('group', { name: FULFILMENT_LEGEND })).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.same_day_delivery) }),
    ).toBeInTheDocument();
  });
});
