import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { coupons } from '../../../db/schema/commerce.ts';
import { DEMO_CURRENCY } from '../../catalog/demo/pricing.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The demo city's coupons: WELCOME10 (10 % off any store, from $20, once per shopper) and FRESH5
 * ($5 off from $25 at the first demo grocery store), valid for a year from seeding. Idempotent:
 * an existing code is left as it is.
 */
export async function seedDemoCoupons(db: Database, now: Date): Promise<number> {
  const window = { startsAt: now, endsAt: new Date(now.getTime() + YEAR_MS) };
  const [grocery] = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.type, 'grocery'), eq(businesses.currency, DEMO_CURRENCY)))
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(1);
  const rows: (typeof coupons.$inferInsert)[] = [
    {
      code: 'WELCOME10',
      description: '10 % off your first order at any store, from $20.',
      kind: 'percent',
      value: 1000,
      currency: DEMO_CURRENCY,
      minimumSpendAmount: 2000,
      perUserLimit: 1,
      ...window,
    },
  ];
  if (grocery) {
    rows.push({
      code: 'FRESH5',
      description: `$5 off orders of $25 or more at ${grocery.name}.`,
      businessId: grocery.id,
      kind: 'fixed',
      value: 500,
      currency: DEMO_CURRENCY,
      minimumSpendAmount: 2500,
      perUserLimit: 1,
      ...window,
    });
  }
  const written = await db
    .insert(coupons)
    .values(rows)
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id });
  return written.length;
}
