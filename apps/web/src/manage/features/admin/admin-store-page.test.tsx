import {
  type AdminBusinessDetail,
  adminBusinessDetailSchema,
  adminMessages,
  managePaths,
} from '@localmart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminStorePage } from './admin-store-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '0b000000-0000-4000-8000-0000000000b1';
const documentId = '0c000000-0000-4000-8000-0000000000c1';
const opts = { timeout: 5000 };
const closed: never[] = [];

function storeDetail(overrides: Partial<AdminBusinessDetail> = {}): AdminBusinessDetail {
  return adminBusinessDetailSchema.parse({
    id: businessId,
    name: 'Kensington Corner Grocer',
    kind: 'retail',
    type: 'grocery',
    addressLine: '12 Baldwin St, Toronto',
    owner: {
      id: '0a000000-0000-4000-8000-0000000000a1',
      name: 'Olive Owner',
      email: 'olive@example.com',
    },
    submittedAt: '2026-11-20T15:00:00.000Z',
    status: 'pending',
    documentsCount: 1,
    slug: 'kensington-corner-grocer',
    storeCode: 'kensington-corner-grocer',
    description: 'Fresh produce.',
    address: {
      line1: '12 Baldwin St',
      line2: null,
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5T 1L2',
      country: 'CA',
    },
    lat: 43.6555,
    lng: -79.4,
    phone: '+1 416 555 0100',
    email: 'hello@corner.example',
    website: null,
    currency: 'CAD',
    hours: {
      timeZone: 'America/Toronto',
      weekly: {
        mon: [{ open: '09:00', close: '17:00' }],
        tue: [{ open: '09:00', close: '17:00' }],
        wed: [{ open: '09:00', close: '17:00' }],
        thu: [{ open: '09:00', close: '17:00' }],
        fri: [{ open: '09:00', close: '17:00' }],
        sat: closed,
        sun: closed,
      },
      holidays: [],
    },
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    pickupReadyMinutes: 120,
    delivery: null,
    taxRateBps: 1300,
    pausedUntil: null,
    reviewNote: null,
    reviewedAt: null,
    reviewedBy: null,
    createdAt: '2026-11-20T14:00:00.000Z',
    documents: [
      {
        id: documentId,
        filename: 'licence.pdf',
        contentType: 'application/pdf',
        byteSize: 20480,
        createdAt: '2026-11-20T14:30:00.000Z',
      },
    ],
    ...overrides,
  });
}

const reviewed = {
  reviewedAt: '2026-11-21T10:00:00.000Z',
  reviewedBy: {
    id: '0a000000-0000-4000-8000-0000000000a9',
    name: 'Ada Admin',
    email: 'a@x.example',
  },
};

function renderPage() {
  return renderWithProviders(<AdminStorePage />, {
    path: sitePaths.adminStore(businessId),
    pattern: '/manage/admin/stores/:businessId',
  });
}

describe('admin store review page', { timeout: 20_000 }, () => {
  it('shows the store and its documents, and approves it', async () => {
    const api = mockApi({
      [`GET ${managePaths.adminBusiness(businessId)}`]: () => ({
        body: { status: 1, result: storeDetail() },
      }),
      [`POST ${managePaths.adminBusinessReview(businessId)}`]: () => ({
        body: {
          status: 1,
          message: adminMessages.approved,
          result: storeDetail({ status: 'published', ...reviewed }),
        },
      }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Kensington Corner Grocer' }, opts),
    ).toBeVisible();
    expect(screen.getByText('Olive Owner (olive@example.com)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download licence.pdf' })).toBeVisible();
    expect(screen.getAllByText('Waiting for approval').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(adminMessages.approved, undefined, opts)).toBeVisible();
    expect(api.callsTo('POST', managePaths.adminBusinessReview(businessId))[0]?.body).toEqual({
      decision: 'approve',
    });
    await waitFor(() => expect(screen.getAllByText('Published').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAttribute('disabled');
    expect(api.unhandled).toEqual([]);
  });

  it('asks for a note before requesting changes, then sends it', async () => {
    const note = 'Please upload this year’s business licence.';
    const api = mockApi({
      [`GET ${managePaths.adminBusiness(businessId)}`]: () => ({
        body: { status: 1, result: storeDetail() },
      }),
      [`POST ${managePaths.adminBusinessReview(businessId)}`]: () => ({
        body: {
          status: 1,
          message: adminMessages.rejected,
          result: storeDetail({ status: 'rejected', reviewNote: note, ...reviewed }),
        },
      }),
    });
    renderPage();
    const requestChanges = await screen.findByRole('button', { name: 'Request changes' }, opts);

    await userEvent.click(requestChanges);
    expect(await screen.findByRole('alert')).toHaveTextContent(adminMessages.noteRequired);
    expect(api.callsTo('POST', managePaths.adminBusinessReview(businessId))).toHaveLength(0);

    await userEvent.type(
      screen.getByLabelText('Note to the owner (required to request changes)'),
      note,
    );
    await userEvent.click(requestChanges);
    expect(await screen.findByText(adminMessages.rejected, undefined, opts)).toBeVisible();
    expect(api.callsTo('POST', managePaths.adminBusinessReview(businessId))[0]?.body).toEqual({
      decision: 'reject',
      note,
    });
    expect(await screen.findByText(`Note to the owner: ${note}`)).toBeVisible();
    expect(screen.getAllByText('Changes requested').length).toBeGreaterThan(0);
  });

  it('shows the server refusal of a second approval', async () => {
    mockApi({
      [`GET ${managePaths.adminBusiness(businessId)}`]: () => ({
        body: { status: 1, result: storeDetail({ status: 'rejected' }) },
      }),
      [`POST ${managePaths.adminBusinessReview(businessId)}`]: () => ({
        status: 409,
        body: { status: 0, message: adminMessages.alreadyPublished },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }, opts));
    expect(await screen.findByText(adminMessages.alreadyPublished, undefined, opts)).toBeVisible();
  });
});
