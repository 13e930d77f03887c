import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_MINUTES,
  VERIFICATION_CODE_LENGTH,
} from '@localmart/contract';
import { and, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';

/**
 * One-time email codes (Epic Stack's Verification rows): 6 digits from a CSPRNG, stored as an HMAC,
 * 10 minutes, single use, CODE_MAX_ATTEMPTS wrong tries kill it, one live code per email and purpose
 * (a new code replaces the old), and at most one new code per cooldown while the latest one lives.
 * A dead code (tries used up, expired, or its mail failed: markCodeUndelivered) never holds a new
 * one back.
 */

export type CodePurpose = 'verify-email';

/** Keyed with a server secret: a bare hash of a 6-digit code is reversed by trying all 10^6. */
export interface CodeHasher {
  hash(email: string, purpose: CodePurpose, code: string): string;
}

export function codeHasher(secret: string): CodeHasher {
  // A key of its own, so this HMAC never doubles as another use of the same secret.
  const key = createHmac('sha256', secret).update('localmart:one-time-code:v1').digest();
  return {
    hash: (email, purpose, code) =>
      createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex'),
  };
}

export function generateCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

export interface CodeTarget {
  email: string;
  purpose: CodePurpose;
}

/**
 * Where the code state of an email lives. An account waiting for verification keeps its code under
 * its address. Any other email (no account, or already verified) gets a stand-in row under a hash of
 * the address: issued, cooled down, tried and killed exactly like a real code, but never mailed and
 * never able to verify anything. So resend and otp-verification go through the same states, and
 * answer the same, whether or not the email has an account; and no unknown address is stored in
 * clear (as the rate limiter's keys, docs/decisions/0005).
 */
export function codeTarget(email: string, pendingAccount: boolean): CodeTarget {
  const key = pendingAccount
    ? email
    : `stand-in:${createHash('sha256').update(email).digest('hex')}`;
  return { email: key, purpose: 'verify-email' };
}

export type IssueOutcome =
  { kind: 'issued'; code: string; codeHash: string } | { kind: 'wait'; retryAfterSeconds: number };

/**
 * Issue a fresh code for `target`, replacing any earlier one, unless the earlier one still works
 * and was issued less than the cooldown ago: then nothing changes and `wait` answers when the next
 * can be issued. `force` replaces whatever is there (a registration: see register()).
 * One statement, so two instances racing cannot both issue.
 */
export async function issueCode(
  db: Database,
  hasher: CodeHasher,
  { email, purpose }: CodeTarget,
  now: Date,
  { force = false }: { force?: boolean } = {},
): Promise<IssueOutcome> {
  const code = generateCode();
  const codeHash = hasher.hash(email, purpose, code);
  const values = {
    email,
    purpose,
    codeHash,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    attempts: 0,
    createdAt: now,
  };
  const cooldownStart = new Date(now.getTime() - CODE_RESEND_COOLDOWN_SECONDS * 1000);
  const replaceable = or(
    lt(oneTimeCodes.createdAt, cooldownStart),
    // dead codes: their tries used up, expired, or never delivered (markCodeUndelivered)
    gte(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
    lte(oneTimeCodes.expiresAt, now),
  );
  const issued = await db
    .insert(oneTimeCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [oneTimeCodes.email, oneTimeCodes.purpose],
      set: { codeHash, expiresAt: values.expiresAt, attempts: 0, createdAt: now },
      ...(force ? {} : { setWhere: replaceable }),
    })
    .returning({ id: oneTimeCodes.id });
  if (issued.length > 0) return { kind: 'issued', code, codeHash };

  const [live] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)));
  const nextAt = (live?.createdAt.getTime() ?? now.getTime()) + CODE_RESEND_COOLDOWN_SECONDS * 1000;
  return {
    kind: 'wait',
    retryAfterSeconds: Math.max(1, Math.ceil((nextAt - now.getTime()) / 1000)),
  };
}

/** What a code's mail carries as its guard (mailer.ts MailGuardRef): the code it is worth sending with. */
export const CODE_MAIL_GUARD = 'verification-code';

export function codeMailGuardRef(target: CodeTarget, codeHash: string) {
  return { kind: CODE_MAIL_GUARD, ref: JSON.stringify({ ...target, codeHash }) };
}

/**
 * A code mail is worth delivering while its code can still verify: the latest code of its target,
 * not expired, tries left. When its mail is given up the code dies (markCodeUndelivered).
 */
export function codeMailGuard(db: Database, now: () => Date) {
  const parse = (ref: string) => JSON.parse(ref) as CodeTarget & { codeHash: string };
  return {
    async live(ref: string): Promise<boolean> {
      const { email, purpose, codeHash } = parse(ref);
      const rows = await db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.email, email),
            eq(oneTimeCodes.purpose, purpose),
            eq(oneTimeCodes.codeHash, codeHash),
            gt(oneTimeCodes.expiresAt, now()),
            lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        );
      return rows.length > 0;
    },
    async failed(ref: string): Promise<void> {
      const { email, purpose, codeHash } = parse(ref);
      await markCodeUndelivered(db, { email, purpose }, codeHash);
    },
  };
}

/**
 * The mailer reported that the mail carrying this code failed: nobody can know the code, so it is
 * dead (expired as of its issue), and the next resend issues a new one at once, cooldown or not.
 * Only this code: a newer one issued meanwhile is left alone.
 */
export async function markCodeUndelivered(
  db: Database,
  { email, purpose }: CodeTarget,
  codeHash: string,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ expiresAt: sql`${oneTimeCodes.createdAt}` })
    .where(
      and(
        eq(oneTimeCodes.email, email),
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash),
      ),
    );
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Check a code and, when right, consume it. Every try is counted first (atomically), so the
 * (CODE_MAX_ATTEMPTS+1)th try fails even with the right code. Run it inside the transaction that
 * acts on success, so "code used" and "email verified" commit together.
 */
export async function consumeCode(
  tx: Database,
  hasher: CodeHasher,
  { email, purpose }: CodeTarget,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.email, email),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (!row || !sameHash(row.codeHash, hasher.hash(email, purpose, code))) return false;
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
  return true;
}

export async function deleteCodes(tx: Database, email: string): Promise<void> {
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.email, email));
}
