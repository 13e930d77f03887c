import {
  appointmentMessages,
  appointmentPaths,
  managePaths,
  type ManagedAvailability,
} from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { businessId, renderInStore } from '../../test/store-page.tsx';
import { storeDetail } from '../../test/store-fixtures.ts';
import { AvailabilityPage, OWN_HOURS_LABEL, SAVE_LABEL } from './availability-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const SERVICE = '0c000000-0000-4000-8000-000000000001';
const path = `/manage/stores/${businessId}/appointments/${SERVICE}`;
const pattern = '/manage/stores/:businessId/appointments/:serviceId';

const unsaved: ManagedAvailability = {
  serviceId: SERVICE,
  serviceName: 'Drop-In Class',
  durationMinutes: 60,
  saved: false,
  availability: {
    weekly: null,
    slotMinutes: 60,
    capacity: 1,
    breaks: [],
    closures: [],
    cutoffHours: 24,
  },
};

const storeHours = {
  timeZone: 'America/Toronto',
  weekly: {
    mon: [{ open: '07:00', close: '19:00' }],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  holidays: [],
};

function renderPage(answer: (body: unknown) => { status?: number; body: unknown }) {
  const api = mockApi({
    [`GET ${appointmentPaths.availability(businessId, SERVICE)}`]: () => ({
      body: { status: 1, result: unsaved },
    }),
    [`PUT ${appointmentPaths.availability(businessId, SERVICE)}`]: (call) => answer(call.body),
    // The store's record: its hours start the service's own week.
    [`GET ${managePaths.business(businessId)}`]: () => ({
      body: { status: 1, result: storeDetail({ hours: storeHours }) },
    }),
  });
  renderInStore(<AvailabilityPage />, { path, pattern });
  return api;
}

describe('availability page', { timeout: 20_000 }, () => {
  it("starts from the store's hours and saves the provider's week, places, break, closed day and cut-off", async () => {
    const api = renderPage((body) => ({
      body: { status: 1, result: { ...unsaved, saved: true, availability: body } },
    }));
    const user = userEvent.setup();
    expect(await screen.findByText(/Not set yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: OWN_HOURS_LABEL }));
    expect(screen.getByLabelText('Monday from')).toHaveValue('07:00');
    expect(screen.getByLabelText('Tuesday', { selector: 'input' })).not.toBeChecked();
    await user.clear(screen.getByLabelText('Places per slot'));
    await user.type(screen.getByLabelText('Places per slot'), '12');
    await user.clear(screen.getByLabelText(/change or cancel until/));
    await user.type(screen.getByLabelText(/change or cancel until/), '12');
    await user.click(screen.getByRole('button', { name: 'Add a break' }));
    await user.type(screen.getByLabelText('Closed day'), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    await user.click(screen.getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByText('Availability saved.')).toHaveAttribute('role', 'status');
    expect(api.callsTo('PUT', appointmentPaths.availability(businessId, SERVICE))[0]?.body).toEqual(
      {
        weekly: {
          mon: [{ open: '07:00', close: '19:00' }],
          tue: [],
          wed: [],
          thu: [],
          fri: [],
          sat: [],
          sun: [],
        },
        slotMinutes: 60,
        capacity: 12,
        breaks: [{ start: '12:00', end: '13:00' }],
        closures: ['2026-12-24'],
        cutoffHours: 12,
      },
    );
  });

  it('shows the server refusal in its words', async () => {
    renderPage(() => ({
      status: 400,
      body: { status: 0, message: appointmentMessages.capacityRange },
    }));
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Places per slot'));
    await user.type(screen.getByLabelText('Places per slot'), '0');
    await user.click(screen.getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(appointmentMessages.capacityRange);
  });
});
