import {
  CODE_RESEND_COOLDOWN_SECONDS,
  type ForgotPasswordRequest,
  type LoginRequest,
  type OtpVerificationRequest,
  type RegistrationRequest,
  type ResetPasswordRequest,
  type User,
} from '@localmart/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Clock } from '../../plugins/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  type Brand,
  passwordResetEmail,
  registrationAttemptEmail,
  verificationCodeEmail,
  welcomeEmail,
} from '../mail/templates.ts';
import { grantConfiguredAdmin } from './admin-grant.ts';
import {
  type CodeHasher,
  codeTarget,
  consumeCode,
  deleteCodes,
  type IssueOutcome,
  issueCode,
  codeMailGuardRef,
  markCodeUndelivered,
} from './codes.ts';
import { isCommonPassword, type PasswordHasher } from './passwords.ts';
import { resetLink, type ResetLinkSettings } from './reset-link.ts';
import { consumeResetToken, createResetToken, retireResetTokens } from './reset-tokens.ts';
import { createSession, revokeUserSessions } from './sessions.ts';
import { findUserByEmail, joinNames, normaliseEmail, toPublicUser } from './users.ts';

/**
 * The account flows of spec §4 and §7, as plain functions of their dependencies and validated input.
 * They answer outcomes; auth.routes.ts turns outcomes into envelopes and HTTP statuses.
 * Wherever an answer could reveal whether an email has an account, every branch answers alike.
 */
export interface AuthDeps {
  db: Database;
  now: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  codes: CodeHasher;
  brand: Brand;
  resetLinks: ResetLinkSettings;
  /** ADMIN_EMAILS: verified accounts with these emails get the admin role (admin-grant.ts). */
  adminEmails: readonly string[];
}

export type LoginOutcome =
  | { kind: 'signed-in'; token: string; user: User }
  | { kind: 'invalid-credentials' }
  | { kind: 'email-not-verified' };

export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  userAgent?: string,
): Promise<LoginOutcome> {
  const user = await findUserByEmail(deps.db, normaliseEmail(input.email));
  // No account, or a Google-only one: still run argon2 on a real hash, so timing does not tell.
  const passwordHash = user?.passwordHash ?? (await deps.passwords.dummyHash());
  const matches = await deps.passwords.verify(passwordHash, input.password);
  if (!user || !user.passwordHash || !matches) return { kind: 'invalid-credentials' };
  // Only after the password is proven, so this answer reveals nothing to a guesser.
  if (!user.emailVerifiedAt) return { kind: 'email-not-verified' };
  await grantConfiguredAdmin(deps.db, user.id, deps.adminEmails);

  if (deps.passwords.needsRehash(user.passwordHash)) {
    const rehashed = await deps.passwords.hash(input.password);
    await deps.db.update(users).set({ passwordHash: rehashed }).where(eq(users.id, user.id));
  }
  const token = await createSession(deps.db, { userId: user.id, userAgent, now: deps.now() });
  return { kind: 'signed-in', token, user: toPublicUser(user) };
}

export type PasswordChoice = { kind: 'ok' } | { kind: 'password-too-common' };

export function checkNewPassword(password: string): PasswordChoice {
  return isCommonPassword(password) ? { kind: 'password-too-common' } : { kind: 'ok' };
}

/**
 * Mail a just-issued code to a pending account. If the mailer reports failure the code is marked
 * dead, so the next resend sends a new one at once instead of making the user wait out a cooldown
 * for a code that never arrived. Over SMTP the same happens when the queued mail is given up (its
 * guard, codes.ts codeMailGuard), and a mail whose code was replaced or expired is not delivered.
 */
async function queueCodeMail(
  deps: AuthDeps,
  db: Database,
  email: string,
  issued: Extract<IssueOutcome, { kind: 'issued' }>,
): Promise<IssuedCode> {
  const sent = await deps.mailer.send(verificationCodeEmail(deps.brand, email, issued.code), {
    db,
    guard: codeMailGuardRef(codeTarget(email, true), issued.codeHash),
  });
  return { ...issued, sent };
}

type IssuedCode = Extract<IssueOutcome, { kind: 'issued' }> & { sent: boolean };

/** After the transaction: a code whose mail could not even be queued is dead at once. */
async function afterCodeMail(deps: AuthDeps, email: string, issued: IssuedCode): Promise<void> {
  if (!issued.sent) await markCodeUndelivered(deps.db, codeTarget(email, true), issued.codeHash);
}

/**
 * Create an unverified account and email it a code. An email that already has an account gets the
 * same answer (no enumeration): a verified owner is told someone tried to register; an unverified
 * account is taken over by this registration (nobody has proven the address yet, so the newest
 * registration's names and password win: otherwise whoever registered a victim's address first
 * would own the account the victim then verifies).
 *
 * Re-registration and earlier codes. The new password and a new code are written in one
 * transaction, whatever the cooldown, and the new code replaces every earlier one (one row per
 * email). So a code that can verify the account was always issued after its current password was
 * set, and went to the address: the first registrant's code cannot verify an account whose
 * password a second registrant has just replaced (the pre-hijack of issue 13, part 7).
 * Chosen over "keep the password pending beside the code until that registrant's code verifies":
 * with one live code per email both end the same way (the newest registration's code is the one
 * that works), but the pending variant keeps a second, unproven password hash per email in the
 * codes table, and the account row's password would no longer be the one its owner last chose.
 * Here there is one password per account and one code per email, changed together. The cooldown
 * does not hold a registration's code back; registration's own per-email rate limit bounds the
 * mails.
 */
export async function register(
  deps: AuthDeps,
  input: RegistrationRequest,
): Promise<PasswordChoice> {
  const choice = checkNewPassword(input.password);
  if (choice.kind !== 'ok') return choice;

  const email = normaliseEmail(input.email);
  // Hashed on every branch, so a known email answers as slowly as a new one.
  const passwordHash = await deps.passwords.hash(input.password);
  const names = {
    firstName: input.first_name,
    lastName: input.last_name,
    displayName: joinNames(input.first_name, input.last_name),
  };
  const now = deps.now();
  const existing = await findUserByEmail(deps.db, email);

  const issued = existing?.emailVerifiedAt
    ? undefined
    : await deps.db.transaction(async (tx) => {
        // The code row first, then the user row: verifyEmail locks them in the same order.
        const code = await issueCode(tx, deps.codes, codeTarget(email, true), now, {
          force: true,
        });
        if (code.kind !== 'issued') throw new Error('a forced code is always issued');
        if (!existing) {
          const [created] = await tx
            .insert(users)
            .values({ ...names, email, passwordHash, createdAt: now, updatedAt: now })
            .onConflictDoNothing({ target: users.email })
            .returning({ id: users.id });
          if (created) return queueCodeMail(deps, tx, email, code);
        }
        const [takenOver] = await tx
          .update(users)
          .set({ ...names, passwordHash, updatedAt: now })
          .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
          .returning({ id: users.id });
        // Verified meanwhile: the code row just written can verify nothing (verification needs
        // an unverified account), and the owner is warned below instead.
        return takenOver ? queueCodeMail(deps, tx, email, code) : undefined;
      });
  if (issued) {
    await afterCodeMail(deps, email, issued);
    return choice;
  }
  // A verified email: its stand-in code is renewed as a registration renews a pending account's,
  // so resend answers this address as it answers one that has just registered.
  await issueCode(deps.db, deps.codes, codeTarget(email, false), now, { force: true });
  await deps.mailer.send(registrationAttemptEmail(deps.brand, email));
  return choice;
}

export type ResendOutcome =
  { kind: 'issued'; retryAfterSeconds: number } | { kind: 'wait'; retryAfterSeconds: number };

/**
 * Resend: a new code now if the latest one is dead (tries used up, expired, mail failed) or older
 * than the cooldown; otherwise `wait` with the seconds left. Unknown and verified emails go through
 * the same states on their stand-in row (codes.ts codeTarget), without any mail, so the outcome
 * never tells whether the email has an account.
 */
export async function resendCode(deps: AuthDeps, rawEmail: string): Promise<ResendOutcome> {
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(deps.db, email);
  const pending = user !== undefined && !user.emailVerifiedAt;
  // The new code and its mail in one transaction: a code exists only with its mail queued.
  const outcome = await deps.db.transaction(async (tx): Promise<IssueOutcome | IssuedCode> => {
    const issued = await issueCode(tx, deps.codes, codeTarget(email, pending), deps.now());
    if (issued.kind === 'wait' || !pending) return issued;
    return queueCodeMail(deps, tx, email, issued);
  });
  if (outcome.kind === 'wait') return outcome;
  if (pending && 'sent' in outcome) await afterCodeMail(deps, email, outcome as IssuedCode);
  return { kind: 'issued', retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS };
}

/**
 * A right code verifies the account: code consumed and account marked verified in one transaction.
 * Wrong, expired, used, exhausted, undelivered, or for an email without a pending account: all
 * `false`.
 */
export async function verifyEmail(deps: AuthDeps, input: OtpVerificationRequest): Promise<boolean> {
  const email = normaliseEmail(input.email);
  const now = deps.now();
  const user = await findUserByEmail(deps.db, email);
  // Tries on an email without a pending account count against its stand-in code, as they would
  // against a real one, so resend's answers after them are the same (codes.ts codeTarget).
  const target = codeTarget(email, user !== undefined && !user.emailVerifiedAt);
  const verified = await deps.db.transaction(async (tx) => {
    const right = await consumeCode(tx, deps.codes, target, input.security_code, now);
    if (!right) return undefined;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
      .returning();
    // The welcome is queued with the verification itself.
    if (user) await deps.mailer.send(welcomeEmail(deps.brand, email, user.firstName), { db: tx });
    return user;
  });
  if (!verified) return false;
  await grantConfiguredAdmin(deps.db, verified.id, deps.adminEmails);
  return true;
}

/** Email a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: ForgotPasswordRequest,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await createResetToken(deps.db, user.id, deps.now());
  const link = resetLink(deps.resetLinks, input.baseurl, token);
  await deps.mailer.send(passwordResetEmail(deps.brand, email, link));
}

export type ResetOutcome = PasswordChoice | { kind: 'invalid-link' };

/**
 * Set a new password from an emailed link. One transaction: the token is used up, the password
 * replaced, every session of the user revoked (whoever held one may be the reason for the reset),
 * the user's other links retired, and the email marked verified, since the link proved it.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: ResetPasswordRequest,
): Promise<ResetOutcome> {
  const choice = checkNewPassword(input.password);
  if (choice.kind !== 'ok') return choice;
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.now();

  const userId = await deps.db.transaction(async (tx) => {
    const owner = await consumeResetToken(tx, input.token, now);
    if (owner === undefined) return undefined;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, owner))
      .returning();
    if (!user) return undefined;
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, owner));
      await deleteCodes(tx, user.email);
    }
    await revokeUserSessions(tx, owner);
    await retireResetTokens(tx, owner, now);
    return owner;
  });
  return userId === undefined ? { kind: 'invalid-link' } : choice;
}
