import type { User } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { deleteCodes } from './codes.ts';
import type { GoogleIdentity } from './google.ts';
import { createSession } from './sessions.ts';
import { grantConfiguredAdmin } from './admin-grant.ts';
import { findUserByEmail, joinNames, toPublicUser } from './users.ts';

export type GoogleSignInOutcome =
  | { kind: 'signed-in'; token: string; user: User; created: boolean }
  | { kind: 'email-not-verified' }
  | { kind: 'conflict' };

/** Names for a new account: Google's given/family names, else its full name, else the address. */
function namesOf(identity: GoogleIdentity) {
  const [first = '', ...rest] = identity.name.split(/\s+/).filter(Boolean);
  const firstName = identity.givenName || first || identity.email.split('@')[0]!;
  const lastName = identity.familyName || rest.join(' ');
  return {
    firstName: firstName.slice(0, 80),
    lastName: lastName.slice(0, 80),
    displayName: (identity.name || joinNames(firstName, lastName)).slice(0, 80),
  };
}

/**
 * Sign in with verified Google claims. Keyed on `sub`: a user already linked signs in; otherwise an
 * account with the same email is linked (the claims say Google verified that address); otherwise a
 * verified account is created.
 * Linking an account whose email was never verified also drops its password: that password was set
 * by whoever registered the address, not necessarily its owner (account pre-hijacking).
 */
export async function signInWithGoogle(
  db: Database,
  identity: GoogleIdentity,
  {
    now,
    userAgent,
    adminEmails = [],
  }: { now: Date; userAgent?: string | undefined; adminEmails?: readonly string[] },
): Promise<GoogleSignInOutcome> {
  if (!identity.emailVerified) return { kind: 'email-not-verified' };

  const user = await db.transaction(
    async (tx): Promise<{ row: UserRow; created: boolean } | undefined> => {
      const [linked] = await tx.select().from(users).where(eq(users.googleId, identity.sub));
      if (linked) return { row: linked, created: false };

      const existing = await findUserByEmail(tx, identity.email);
      if (existing) {
        // Linked to another Google account already: don't silently re-point it.
        if (existing.googleId !== null) return undefined;
        const wasVerified = existing.emailVerifiedAt !== null;
        const [row] = await tx
          .update(users)
          .set({
            googleId: identity.sub,
            emailVerifiedAt: existing.emailVerifiedAt ?? now,
            passwordHash: wasVerified ? existing.passwordHash : null,
            picture: existing.picture ?? identity.picture ?? null,
            updatedAt: now,
          })
          .where(eq(users.id, existing.id))
          .returning();
        if (!wasVerified) await deleteCodes(tx, existing.email);
        return row ? { row, created: false } : undefined;
      }

      const [row] = await tx
        .insert(users)
        .values({
          ...namesOf(identity),
          email: identity.email,
          googleId: identity.sub,
          emailVerifiedAt: now,
          picture: identity.picture ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row ? { row, created: true } : undefined;
    },
  );
  if (!user) return { kind: 'conflict' };
  // Google verified the address (checked above), so a listed email may become an admin.
  await grantConfiguredAdmin(db, user.row.id, adminEmails);

  const token = await createSession(db, { userId: user.row.id, userAgent, now });
  return { kind: 'signed-in', token, user: toPublicUser(user.row), created: user.created };
}
