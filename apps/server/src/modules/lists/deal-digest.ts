import { dealDigestSubject, formatMoney, IN_STOCK_MIN_QUANTITY } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

/** The weekly digest's queue and its pg-boss cron: Thursdays 13:00 UTC, when new flyers are out. */
export const DEAL_DIGEST_QUEUE = 'deal-digest';
export const DEAL_DIGEST_CRON = '0 13 * * 4';

/** "2026-W48": the ISO week of `date` (UTC), so each shopper gets at most one digest a week. */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface DigestLine {
  text: string;
  /** App path, joined to APP_URL in the mail. */
  link: string;
}

/**
 * This week's deals for one shopper: sales on the products they follow (favourites and unchecked
 * list items; the cheapest in-stock sale of each), the current flyers of their favourite stores,
 * and the flyer deals they clipped that still run.
 */
export async function digestLines(db: Database, userId: string, now: Date): Promise<DigestLine[]> {
  const at = now.toISOString();
  const sales = await executeRows<{
    product_id: string;
    title: string;
    store_name: string;
    sale: number;
    regular: number;
    currency: string;
  }>(
    db,
    sql`select distinct on (p.id) p.id as product_id, p.title, b.name as store_name,
        o.sale_amount as sale, o.price_amount as regular, o.currency
      from products p
      join offers o on o.product_id = p.id
      join businesses b on b.id = o.business_id and b.status = 'published'
      where p.id in (select f.product_id from favourites f where f.user_id = ${userId} and f.kind = 'product'
                     union
                     select l.product_id from shopping_list_items l
                     where l.user_id = ${userId} and not l.checked and l.product_id is not null)
        and o.quantity >= ${IN_STOCK_MIN_QUANTITY} and o.sale_amount is not null
        and o.sale_starts_at <= ${at}::timestamptz and o.sale_ends_at > ${at}::timestamptz
      order by p.id, o.sale_amount, o.id`,
  );
  const storeFlyers = await executeRows<{
    flyer_id: string;
    title: string;
    store_name: string;
    valid_to: string;
  }>(
    db,
    sql`select fl.id as flyer_id, fl.title, b.name as store_name, fl.valid_to::text as valid_to
      from favourites f
      join flyers fl on fl.business_id = f.business_id
      join businesses b on b.id = fl.business_id and b.status = 'published'
      where f.user_id = ${userId} and f.kind = 'store'
        and (${at}::timestamptz at time zone (b.hours->>'timeZone'))::date between fl.valid_from and fl.valid_to
      order by b.name, fl.valid_to, fl.id`,
  );
  const clipped = await executeRows<{
    flyer_id: string;
    title: string;
    price_text: string;
    store_name: string;
  }>(
    db,
    sql`select fl.id as flyer_id, l.title, fi.price_text, b.name as store_name
      from shopping_list_items l
      join flyer_items fi on fi.id = l.flyer_item_id
      join flyer_pages fp on fp.id = fi.page_id
      join flyers fl on fl.id = fp.flyer_id
      join businesses b on b.id = fl.business_id and b.status = 'published'
      where l.user_id = ${userId} and not l.checked
        and fi.valid_to >= (${at}::timestamptz at time zone (b.hours->>'timeZone'))::date
      order by l.created_at, l.id`,
  );
  return [
    ...sales.map((row) => ({
      text: `${row.title}: ${formatMoney(Number(row.sale), row.currency)} at ${row.store_name} (regular ${formatMoney(Number(row.regular), row.currency)})`,
      link: `/details?id=${encodeURIComponent(row.product_id)}`,
    })),
    ...storeFlyers.map((row) => ({
      text: `${row.store_name}: ${row.title}, until ${row.valid_to}`,
      link: `/flyer-details?id=${encodeURIComponent(row.flyer_id)}`,
    })),
    ...clipped.map((row) => ({
      text: `${row.title}: ${row.price_text} at ${row.store_name} (clipped from the flyer)`,
      link: `/flyer-details?id=${encodeURIComponent(row.flyer_id)}`,
    })),
  ];
}

export function dealDigestEmail(
  brand: { appName: string; appUrl: string },
  to: string,
  firstName: string,
  lines: readonly DigestLine[],
): MailMessage {
  const subject = dealDigestSubject(brand.appName, lines.length);
  const settings = `${brand.appUrl}/profile`;
  const text = [
    `Hi ${firstName},`,
    '',
    'This week on your favourites and your list:',
    '',
    ...lines.map((line) => `- ${line.text}\n  ${brand.appUrl}${line.link}`),
    '',
    `Your list: ${brand.appUrl}/list`,
    `You asked for this weekly email. Turn it off in your profile: ${settings}`,
  ].join('\n');
  const items = lines
    .map(
      (line) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(brand.appUrl + line.link)}" style="color:#1f4fd1">${escapeHtml(line.text)}</a></li>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<div style="padding:20px 28px;background:#3880ff;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(brand.appName)}</div>
<div style="padding:28px;font-size:16px;line-height:1.5">
<p>Hi ${escapeHtml(firstName)},</p>
<p>This week on your favourites and your list:</p>
<ul style="padding-left:20px">${items}</ul>
<p><a href="${escapeHtml(`${brand.appUrl}/list`)}">Open your list</a></p>
</div>
<div style="padding:16px 28px;font-size:12px;color:#6b7280">You asked for this weekly email. <a href="${escapeHtml(settings)}">Turn it off in your profile</a>.</div>
</div></body></html>
`;
  return { to, subject, text, html };
}

export interface DigestRun {
  sent: number;
  skipped: number;
}

/**
 * One run of the weekly digest: every shopper who opted in and has not had this week's, each in a
 * transaction that queues the mail (outbox or SMTP job) and records the week, so a retried run
 * sends nobody a second digest. A shopper with no deal this week gets no mail (the week is still
 * recorded).
 */
export async function sendWeeklyDigests(
  db: Database,
  mailer: Mailer,
  brand: { appName: string; appUrl: string },
  now: Date,
): Promise<DigestRun> {
  const week = isoWeekOf(now);
  const due = await executeRows<{ user_id: string }>(
    db,
    sql`select s.user_id from deal_alert_settings s join users u on u.id = s.user_id
      where s.weekly_digest and u.email_verified_at is not null
        and (s.last_digest_week is null or s.last_digest_week <> ${week})
      order by s.user_id`,
  );
  const run: DigestRun = { sent: 0, skipped: 0 };
  for (const { user_id: userId } of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await executeRows<{ email: string; first_name: string }>(
        tx,
        sql`update deal_alert_settings s set last_digest_week = ${week}
          from users u where u.id = s.user_id and s.user_id = ${userId} and s.weekly_digest
            and (s.last_digest_week is null or s.last_digest_week <> ${week})
          returning u.email, u.first_name`,
      );
      if (!claimed) return;
      const lines = await digestLines(tx, userId, now);
      if (lines.length === 0) {
        run.skipped++;
        return;
      }
      await mailer.send(dealDigestEmail(brand, claimed.email, claimed.first_name, lines), {
        db: tx,
      });
      run.sent++;
    });
  }
  return run;
}
