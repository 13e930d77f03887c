import { RESET_LINK_TTL_MINUTES } from '@localmart/contract';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newResetToken } from './tokens.ts';

/** Password-reset tokens: 128-bit random, kept as sha256, RESET_LINK_TTL_MINUTES, single use. */

export async function createResetToken(db: Database, userId: string, now: Date): Promise<string> {
  // Opportunistic clean-up: this user's dead links go when a new one is made.
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)),
      ),
    );
  const token = newResetToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MINUTES * 60_000),
    createdAt: now,
  });
  return token;
}

/**
 * Mark the token used and answer its user, or undefined when it is unknown, used or expired. The
 * conditional update is the check: of two concurrent uses, exactly one gets the row.
 */
export async function consumeResetToken(
  tx: Database,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** After a reset, the user's other outstanding links must not work either. */
export async function retireResetTokens(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
