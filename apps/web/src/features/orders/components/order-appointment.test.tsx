import {
  appointmentMessages,
  appointmentPaths,
  commercePaths,
  type AppointmentView,
  type ServiceSlots,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { orderDetail, orderId, signIn } from '../test/fixtures.ts';
import { CHECK_IN_CODE_LABEL, OrderDetailsPage } from './order-details-page.tsx';
import { CHANGE_TIME_LABEL, MOVE_HERE_LABEL } from './order-appointment.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(signOut);

const SERVICE = '00000000-0000-4000-8000-000000000777';
// Far enough ahead that the cut-off has not passed whenever the suite runs.
const start = new Date(Date.now() + 10 * 24 * 3_600_000);
start.setUTCMinutes(0, 0, 0);
const iso = (date: Date) => date.toISOString();
const plus = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

const appointment: AppointmentView = {
  id: '00000000-0000-4000-8000-000000000778',
  serviceId: SERVICE,
  title: 'Drop-In Class',
  startsAt: iso(start),
  endsAt: iso(plus(start, 1)),
  timeZone: 'America/Toronto',
  label: 'Fri Dec 4, 10:00–11:00',
  places: 1,
  changeableUntil: iso(plus(start, -24)),
  released: false,
};

const slots: ServiceSlots = {
  serviceId: SERVICE,
  timeZone: 'America/Toronto',
  slotMinutes: 60,
  cutoffHours: 24,
  days: [
    {
      date: '2026-12-04',
      weekday: 'Fri',
      dayOfMonth: 4,
      month: 'Dec',
      slots: [
        {
          startsAt: iso(start),
          endsAt: iso(plus(start, 1)),
          time: '10:00',
          capacity: 12,
          remaining: 11,
        },
        {
          startsAt: iso(plus(start, 2)),
          endsAt: iso(plus(start, 3)),
          time: '12:00',
          capacity: 12,
          remaining: 12,
        },
      ],
    },
  ],
};

describe('an order with an appointment', () => {
  it('shows the appointment, a check-in code, and moves it to another time', async () => {
    await signIn();
    const detail = orderDetail({
      status: 'accepted',
      appointments: [appointment],
      pickupCode: 'K7P3QX',
      pickupPromise: null,
    });
    const api = mockApi({
      [`GET ${commercePaths.order(orderId)}`]: () => ({ body: { status: 1, result: detail } }),
      [`GET ${appointmentPaths.serviceSlots(SERVICE)}`]: () => ({
        body: { status: 1, result: slots },
      }),
      [`POST ${appointmentPaths.reschedule(orderId)}`]: () => ({
        body: {
          status: 1,
          message: appointmentMessages.rescheduled,
          result: {
            ...appointment,
            startsAt: iso(plus(start, 2)),
            label: 'Fri Dec 4, 12:00–13:00',
          },
        },
      }),
    });
    renderWithProviders(<OrderDetailsPage title="Order details" />, {
      path: `/order-details/${orderId}`,
      pattern: '/order-details/:orderId',
    });
    const card = await screen.findByRole('region', {
      name: appointmentMessages.appointmentHeading,
    });
    expect(card).toHaveTextContent('Fri Dec 4, 10:00–11:00');
    expect(card).toHaveTextContent(/You can reschedule or cancel until/);
    expect(screen.getByText(CHECK_IN_CODE_LABEL)).toBeInTheDocument();
    expect(screen.queryByText('Pickup code')).not.toBeInTheDocument();
    // Its steps speak of the appointment, never of pickup.
    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    expect(timeline).toHaveTextContent('Ready for your appointment');
    expect(timeline).not.toHaveTextContent(/pickup/i);

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: CHANGE_TIME_LABEL }));
    const move = await within(card).findByRole('button', { name: MOVE_HERE_LABEL });
    expect(move).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: '12:00, 12 left' }));
    await user.click(move);
    expect(api.callsTo('POST', appointmentPaths.reschedule(orderId))[0]?.body).toEqual({
      startsAt: iso(plus(start, 2)),
    });
  });
});
