import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_MINUTES,
  VERIFICATION_CODE_LENGTH,
} from '@localmart/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';

/**
 * One-time email codes (Epic Stack's Verification rows): 6 digits from a CSPRNG, stored as an HMAC,
 * 10 minutes, single use, CODE_MAX_ATTEMPTS wrong tries kill it, one live code per email and purpose
 * (a new code replaces the old), and at most one new code per cooldown.
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

interface CodeTarget {
  email: string;
  purpose: CodePurpose;
}

/**
 * Issue a fresh code for `email`, replacing any earlier one, unless one was issued less than the
 * cooldown ago: then nothing changes and `undefined` is answered (the earlier code still works).
 * One statement, so two instances racing cannot both issue.
 */
export async function issueCode(
  db: Database,
  hasher: CodeHasher,
  { email, purpose }: CodeTarget,
  now: Date,
): Promise<string | undefined> {
  const code = generateCode();
  const values = {
    email,
    purpose,
    codeHash: hasher.hash(email, purpose, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    attempts: 0,
    createdAt: now,
  };
  const cooldownStart = new Date(now.getTime() - CODE_RESEND_COOLDOWN_SECONDS * 1000);
  const issued = await db
    .insert(oneTimeCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [oneTimeCodes.email, oneTimeCodes.purpose],
      set: {
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        attempts: 0,
        createdAt: now,
      },
      setWhere: lt(oneTimeCodes.createdAt, cooldownStart),
    })
    .returning({ id: oneTimeCodes.id });
  return issued.length > 0 ? code : undefined;
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
