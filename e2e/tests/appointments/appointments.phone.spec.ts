import path from 'node:path';
import {
  APPOINTMENT_METHODS,
  appointmentPaths,
  catalogPaths,
  DEFAULT_PLACE,
  FULFILMENT_HINTS,
  serviceListResponse,
  serviceSlotsResponse,
  type AppointmentSlot,
  type Service,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { getJson, payInSimulator, signedInShopper } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import { anotherPersonsPage, DEMO_ADMIN, signInToManage } from '../../support/manage.ts';
import { readLatestEmail } from '../../support/outbox.ts';

/*
 * Issue 15, "Must show" 2 (browser half) and 4 (the picker's phone screenshot): a shopper books a
 * Drop-In Class for a time on the service page's appointment picker, checks out ("Book
 * appointment", never pickup) and pays; that time's places left drop by one; the shopper's order
 * page, email (with the .ics) and the provider's manage site (appointments list and order page)
 * show the appointment. On the commerce server (its clock reads 11:00 in the demo city).
 */
test.use({ server: 'commerce' });

const SHOTS = process.env.APPOINTMENT_SHOTS_DIR ?? '/tmp/shots-b';

async function dropInClass(request: APIRequestContext): Promise<Service> {
  const search = new URLSearchParams({
    q: 'Drop-In Class',
    lat: String(DEFAULT_PLACE.lat),
    lng: String(DEFAULT_PLACE.lng),
    limit: '20',
  });
  const list = await getJson(request, `${catalogPaths.services}?${search}`, serviceListResponse);
  if (list.status !== 1) throw new Error(list.message);
  const found = list.results.find((service) => service.name === 'Drop-In Class');
  if (!found) throw new Error('the demo city has no Drop-In Class');
  return found;
}

async function slotsOf(request: APIRequestContext, serviceId: string) {
  const answer = await getJson(
    request,
    appointmentPaths.serviceSlots(serviceId),
    serviceSlotsResponse,
  );
  if (answer.status !== 1) throw new Error(answer.message);
  return answer.result;
}

/** After Ionic's page transition, so the shot does not show the previous page fading out. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

test('book a Drop-In Class for a time: places left drop, the order and the provider show it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const service = await dropInClass(request);
  const before = await slotsOf(request, service.id);
  // Two days out: past any cut-off, on a day the studio is open.
  const day = before.days.slice(2).find((d) => d.slots.some((s) => s.remaining > 1))!;
  const slot: AppointmentSlot = day.slots.find((s) => s.remaining > 1)!;
  expect(slot.capacity).toBe(12);

  const account = await signedInShopper(page, request, service.business);
  await page.goto(`/service-details/${service.business.id}/${service.id}`);
  const days = page.getByRole('radiogroup', { name: 'Day' });
  await expect(days).toBeVisible();
  const book = page.getByRole('button', { name: `Book ${service.name}` });
  await expect(book).toBeDisabled();

  await days
    .getByRole('radio', { name: new RegExp(`^${day.weekday} ${day.month} ${day.dayOfMonth},`) })
    .click();
  const time = page.getByRole('radio', { name: `${slot.time}, ${slot.remaining} left` });
  await time.click();
  await expect(time).toBeChecked();
  await expect(book).toBeEnabled();
  await time.scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, 'appointment-picker.png') });
  await page.screenshot({ path: path.join(SHOTS, 'appointment-picker-full.png'), fullPage: true });

  await book.click();
  await expect(page.getByText('Added to cart').last()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(/^Appointment: /)).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payumoney/);
  const store = page.getByRole('region', { name: service.business.name });
  const booking = store.getByRole('radio', { name: APPOINTMENT_METHODS.reserve_pickup.label });
  await expect(booking).toBeChecked();
  await expect(store.getByText(APPOINTMENT_METHODS.reserve_pickup.hint)).toBeVisible();
  // Service bookings speak of appointments, never of pickup.
  await expect(page.getByText(FULFILMENT_HINTS.reserve_pickup)).toHaveCount(0);
  await expect(page.getByText(/pickup/i)).toHaveCount(0);
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, 'appointment-checkout.png') });

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The time's remaining places dropped by one, through the API and on the picker.
  const after = await slotsOf(request, service.id);
  const same = after.days.flatMap((d) => d.slots).find((s) => s.startsAt === slot.startsAt)!;
  expect(same.remaining).toBe(slot.remaining - 1);
  await page.goto(`/service-details/${service.business.id}/${service.id}`);
  await page
    .getByRole('radiogroup', { name: 'Day' })
    .getByRole('radio', { name: new RegExp(`^${day.weekday} ${day.month} ${day.dayOfMonth},`) })
    .click();
  await expect(
    page.getByRole('radio', { name: `${slot.time}, ${slot.remaining - 1} left` }),
  ).toBeVisible();

  // The shopper's order page: the appointment, never a pickup time.
  await page.goto('/my-order');
  await page
    .getByRole('link', { name: /^Order LM-/ })
    .first()
    .click();
  const appointment = page.getByRole('region', { name: 'Appointment' });
  await expect(appointment).toBeVisible();
  await expect(appointment).toContainText(`${slot.time}–`);
  await expect(appointment.getByRole('button', { name: 'Change time' })).toBeVisible();
  const orderNumber = (
    (await page.getByRole('heading', { name: /^Order LM-/ }).textContent()) ?? ''
  )
    .replace('Order ', '')
    .trim();
  expect(orderNumber).toMatch(/^LM-/);

  // The shopper's email names the appointment and carries the calendar event.
  const mail = await readLatestEmail(request, account.email, /Appointment: Drop-In Class/);
  expect(mail.text).toContain('BEGIN:VCALENDAR');
  expect(mail.text).toContain(`DTSTART:${slot.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);

  // The provider sees it: the appointments list and the order page of the manage site.
  const provider = await anotherPersonsPage(browser, baseURL!);
  const appointmentsPath = `/manage/stores/${service.business.id}/appointments`;
  await signInToManage(provider.page, DEMO_ADMIN, appointmentsPath);
  const row = provider.page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${slot.time}–`);
  await row.getByRole('link', { name: orderNumber }).click();
  const card = provider.page.getByRole('region', { name: 'Appointment' });
  await expect(card).toContainText(`${slot.time}–`);
  await provider.page.goto(`/manage/stores/${service.business.id}/orders`);
  await expect(
    provider.page.getByRole('link', { name: new RegExp(`Order ${orderNumber}`) }),
  ).toContainText(`${slot.time}–`);
  // The provider's availability of the class: the demo city's 12 places an hour, saved again as is.
  await provider.page.goto(`${appointmentsPath}/${service.id}`);
  await expect(
    provider.page.getByRole('heading', { name: `Availability: ${service.name}` }),
  ).toBeVisible();
  await expect(provider.page.getByLabel('Places per slot')).toHaveValue('12');
  await expect(provider.page.getByLabel('Slot length (minutes)')).toHaveValue('60');
  await expect(
    provider.page.getByRole('radio', { name: "Same as the store's opening hours" }),
  ).toBeChecked();
  await provider.page.getByRole('radio', { name: 'Set hours for this service' }).click();
  await expect(provider.page.getByLabel('Monday from')).toBeVisible();
  await provider.page.screenshot({
    path: path.join(SHOTS, 'availability-manage.png'),
    fullPage: true,
  });
  await provider.page.getByRole('radio', { name: "Same as the store's opening hours" }).click();
  await provider.page.getByRole('button', { name: 'Save availability' }).click();
  await expect(
    provider.page.getByRole('status').filter({ hasText: 'Availability saved.' }),
  ).toBeVisible();
  expect(provider.consoleErrors).toEqual([]);
  await provider.context.close();
});
