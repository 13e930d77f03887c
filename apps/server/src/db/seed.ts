import {
  ADMIN_ROLE,
  DEFAULT_APP_NAME,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  TERMS,
} from '@localmart/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { generateCity } from '../modules/catalog/demo/generate-city.ts';
import type { CityScaleName } from '../modules/catalog/demo/scales.ts';
import { loadCity } from '../modules/catalog/seed/load-city.ts';
import { seedDemoCoupons } from '../modules/commerce/coupons/demo-coupons.ts';
import { seedDemoAvailability } from '../modules/appointments/demo-availability.ts';
import { type CmsPageInput, countPages, upsertPage } from '../modules/cms/cms.service.ts';
import { argon2Hasher } from '../modules/auth/passwords.ts';
import type { AppDatabase, Database } from './client.ts';
import { businesses, users } from './schema/index.ts';
import { businessMembers } from './schema/manage.ts';

/**
 * Demo content: the CMS pages of the side menu (spec §2), written as a real local marketplace would.
 * Upserted by slug, so running the seed again refreshes the pages instead of duplicating them.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SUPPORT_EMAIL = 'support@localmart.example';

export function demoPages(appName: string): CmsPageInput[] {
  const app = escapeHtml(appName);
  const respondHours = TERMS.retailerResponseHours;
  const reminderMinutes = TERMS.reminderIntervalMinutes;
  const support = TERMS.supportHours;

  return [
    {
      pageId: 'about-us',
      pageName: 'About us',
      sortOrder: 1,
      content: `
<h2>Shop your neighbourhood, not a warehouse</h2>
<p>${app} brings the shops on your high street online. Browse stores, products, food items, services and
weekly flyers from retailers near you, then reserve or buy what you need for <strong>in-store pickup</strong>
or <strong>same-day delivery</strong>.</p>
<p>Every item you see comes from a real local shop's inventory feed, so what is listed is what is on the
shelf. When you reserve, the retailer confirms your order and sets it aside; you pay when you collect, or
online when you check out for delivery.</p>
<h3>Why we started</h3>
<p>Independent retailers know their products and their customers, but they cannot outspend national chains
on websites and apps. ${app} gives every local store the same reach: one app, one basket, and the
convenience shoppers expect, while the money stays in the community.</p>
<h3>For store owners</h3>
<p>Retailers manage their catalogue, opening hours, orders and flyers from <em>Manage Your Store</em>. Listing
is simple: connect your inventory feed or add products by hand, and start taking reservations the same day.</p>`,
    },
    {
      pageId: 'faq',
      pageName: 'FAQ',
      sortOrder: 2,
      content: `
<h2>Frequently asked questions</h2>
<h3>What is the difference between reserving and buying?</h3>
<p>When you <strong>reserve</strong>, the store puts the item aside for you and you pay at the counter when you
pick it up. When you <strong>buy</strong>, you pay online and choose in-store pickup or same-day delivery.</p>
<h3>How quickly will the store confirm my order?</h3>
<p>Retailers respond within ${respondHours} hours during their business hours. We remind them every
${reminderMinutes} minutes until they do; if they have not responded in time, the order is cancelled
automatically and any card pre-authorisation is released.</p>
<h3>How does same-day delivery work?</h3>
<p>Stores that offer delivery show a delivery option at checkout with its fee and cut-off time. Orders placed
before the cut-off arrive the same day by a local courier.</p>
<h3>What if an item shows "limited stock"?</h3>
<p>Stock levels come straight from the store's inventory feed. When only two or fewer are left we say stock
is limited, so reserve early: the store sets your item aside as soon as it confirms.</p>
<h3>What happens if I cannot pick up my order?</h3>
<p>Cancel it from <em>My Order</em> as soon as you know, so the store can release the item. Repeated no-shows
may limit your ability to reserve.</p>
<h3>I did not receive my verification code.</h3>
<p>Check your spam folder, then use <em>Resend OTP</em>. Codes expire after a short time, so always use the most
recent one.</p>`,
    },
    {
      pageId: 'contact',
      pageName: 'Contact',
      sortOrder: 3,
      content: `
<h2>Contact us</h2>
<p>Questions about an order, your account or a store? The ${app} support team is here to help
${support}.</p>
<ul>
<li>Email: <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a></li>
<li>Hours: ${support}</li>
<li>Typical reply: within one business day</li>
</ul>
<h3>About an order</h3>
<p>For questions about a specific product, its availability or your pickup time, contact the store directly:
its phone number and address are on the order details screen. Include your order number when you write to
us, so we can help faster.</p>
<h3>For retailers</h3>
<p>Want to list your store? Open <em>Manage Your Store</em> from the menu, or write to us and we will call you
back during business hours.</p>`,
    },
    {
      pageId: 'privacy-policy',
      pageName: 'Privacy policy',
      sortOrder: 4,
      content: `
<h2>Privacy policy</h2>
<p>This policy explains what ${app} collects when you use the app and website, why, and the choices you have.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Account details</strong>: your name, email address and, if you sign in with Google, your Google
account identifier and profile picture.</li>
<li><strong>Orders</strong>: what you reserve or buy, from which store, pickup or delivery details and your
delivery address.</li>
<li><strong>Technical data</strong>: the device and browser you use and server logs kept for security.</li>
</ul>
<h3>How we use it</h3>
<p>We use your data to run your account, pass your order to the store that fulfils it, send you order updates
and keep the service secure. We share order details only with the retailer and, for delivery, the courier.
We do not sell personal data.</p>
<h3>Payments</h3>
<p>Card payments and pre-authorisations are handled by our payment provider; ${app} never stores your full
card number.</p>
<h3>Your choices</h3>
<p>You can update your profile at any time, unsubscribe from marketing emails with one click, and ask us to
export or delete your data by writing to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p>`,
    },
    {
      pageId: 'terms',
      pageName: 'Terms',
      sortOrder: 5,
      content: `
<h2>Terms of service</h2>
<p>By creating an account or placing an order with ${app} you agree to these terms. Users under
${TERMS.minimumAgeWithoutGuardian} need the consent of a parent or guardian.</p>
<h3>Orders, pickup and delivery</h3>
<p>Orders are placed with the retailer, who is responsible for the products they sell. Retailers respond within
${respondHours} hours during business hours; reminders are sent every ${reminderMinutes} minutes, and an
order without a response is cancelled automatically. Reserved items are held for the pickup window shown on
your order.</p>
<h3>No-shows, coupons and price match</h3>
<p>Please cancel reservations you will not collect. A pickup is held for ${TERMS.noShowHoldHours} hours after the
ready time shown on your order, or longer where the store says so; after that the store may mark it not
picked up, which releases any hold on your card and refunds an order you paid for. Coupons are issued by retailers or brand partners, apply
only as stated on the coupon and cannot be exchanged for cash. Where a retailer offers price matching, its
own price-match policy applies.</p>
<h3>Retailers</h3>
<p>Retailers keep their inventory feed accurate, honour confirmed orders and collect the taxes due on their
sales. Subscription invoices are payable within ${TERMS.paymentTermsDays} days; either party may decline
renewal with ${TERMS.nonRenewalNoticeDays} days' notice, and a breach may be cured within
${TERMS.curePeriodDays} days of notice.</p>
<h3>Support</h3>
<p>Support is available ${support}. Contact <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p>`,
    },
  ];
}

export interface SeedOptions {
  appName?: string;
  /** The app's clock: the city's flyers and sales are generated around it. */
  now?: Date;
}

/** The demo city's seed: the same city on every machine, so screenshots and docs match. */
export const DEMO_CITY_SEED = 'localmart-toronto';

export interface DemoCityOptions {
  /**
   * Also create the demo owner and admin (password DEMO_ACCOUNT_PASSWORD, published in the README).
   * Default true: the embedded first start and development want them; `db:seed` in production leaves
   * them out unless asked (seed.cli.ts), so a demo city on a public server has no admin anyone can use.
   */
  demoAccounts?: boolean;
}

/**
 * Loads the demo city (catalogue) at `scale`, generated for `now` so this week's flyers and sales are
 * current. Idempotent: records that exist are kept. Returns rows written and the time it took.
 */
export async function seedDemoCity(
  db: Database,
  scale: CityScaleName,
  now = new Date(),
  { demoAccounts = true }: DemoCityOptions = {},
) {
  const loaded = await loadCity(db, generateCity({ scale, seed: DEMO_CITY_SEED, now }));
  // The checkout's demo coupons (WELCOME10, FRESH5) name the city's stores, so they follow it.
  await seedDemoCoupons(db, now);
  // Its services can be booked for a time (issue 15): demo availability follows the city too.
  await seedDemoAvailability(db);
  // The demo owner owns one of the city's stores, so the accounts follow the city too.
  if (demoAccounts) await seedDemoAccounts(db, now);
  return loaded;
}

/** The store the demo owner owns: the city's first grocery by slug (same city, same store). */
async function demoOwnedStore(db: Database): Promise<string | undefined> {
  const [grocery] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.kind, 'retail'), eq(businesses.type, 'grocery')))
    .orderBy(asc(businesses.slug))
    .limit(1);
  if (grocery) return grocery.id;
  const [retail] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.kind, 'retail'))
    .orderBy(asc(businesses.slug))
    .limit(1);
  return retail?.id;
}

/**
 * Creates (or repairs) the two demo accounts, verified, with argon2id password hashes; idempotent:
 * an existing account keeps its id and password and gets its role or store back.
 */
export async function seedDemoAccounts(db: Database, now = new Date()): Promise<void> {
  const ids: Partial<Record<keyof typeof DEMO_ACCOUNTS, string>> = {};
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [
    keyof typeof DEMO_ACCOUNTS,
    (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS],
  ][]) {
    const roles = key === 'admin' ? ['user', ADMIN_ROLE] : ['user'];
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) {
      ids[key] = existing.id;
      if (key === 'admin') {
        await db
          .update(users)
          .set({ roles: sql`array_append(${users.roles}, ${ADMIN_ROLE})` })
          .where(and(eq(users.id, existing.id), sql`not (${ADMIN_ROLE} = any(${users.roles}))`));
      }
      continue;
    }
    const [created] = await db
      .insert(users)
      .values({
        firstName: account.firstName,
        lastName: account.lastName,
        displayName: `${account.firstName} ${account.lastName}`,
        email: account.email,
        passwordHash: await argon2Hasher.hash(DEMO_ACCOUNT_PASSWORD),
        emailVerifiedAt: now,
        roles,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) ids[key] = created.id;
  }
  const storeId = await demoOwnedStore(db);
  if (!storeId || !ids.owner) return;
  await db.update(businesses).set({ ownerId: ids.owner }).where(eq(businesses.id, storeId));
  await db
    .insert(businessMembers)
    .values({ businessId: storeId, userId: ids.owner, role: 'owner' })
    .onConflictDoNothing();
}

async function hasCatalog(db: Database): Promise<boolean> {
  const rows = await db.select({ id: businesses.id }).from(businesses).limit(1);
  return rows.length > 0;
}

/** Upsert the demo pages in one transaction: all of them or none. Returns how many were written. */
export async function seedDemoContent(db: Database, options: SeedOptions = {}): Promise<number> {
  const pages = demoPages(options.appName ?? DEFAULT_APP_NAME);
  await db.transaction(async (tx) => {
    for (const page of pages) await upsertPage(tx, page);
  });
  return pages.length;
}

/**
 * First start of the embedded database: an empty PGlite gets the demo content (CMS pages, and the
 * small demo city when the catalogue is empty), so `npm start` shows a working app. PostgreSQL is
 * never seeded implicitly (`npm run db:seed` does it on purpose).
 */
export async function seedIfFirstStart(
  database: AppDatabase,
  options: SeedOptions = {},
): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  let seeded = false;
  if ((await countPages(database.db)) === 0) {
    await seedDemoContent(database.db, options);
    seeded = true;
  }
  if (!(await hasCatalog(database.db))) {
    await seedDemoCity(database.db, 'small', options.now);
    seeded = true;
  }
  return seeded;
}
