import type {
  ForgotPasswordRequest,
  LoginRequest,
  OtpVerificationRequest,
  RegistrationRequest,
  ResetPasswordRequest,
  User,
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
import { type CodeHasher, consumeCode, deleteCodes, issueCode } from './codes.ts';
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

async function sendCode(deps: AuthDeps, email: string): Promise<void> {
  const code = await issueCode(deps.db, deps.codes, { email, purpose: 'verify-email' }, deps.now());
  // undefined: a code went out less than a cooldown ago and still works; don't mail-bomb.
  if (code !== undefined) await deps.mailer.send(verificationCodeEmail(deps.brand, email, code));
}

/**
 * Create an unverified account and email it a code. An email that already has an account gets the
 * same answer (no enumeration): a verified owner is told someone tried to register; an unverified
 * account is taken over by this registration (nobody has proven the address yet, so the newest
 * registration's names and password win: otherwise whoever registered a victim's address first
 * would own the account the victim then verifies) and gets a fresh code.
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

  const [created] = await deps.db
    .insert(users)
    .values({ ...names, email, passwordHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) {
    await sendCode(deps, email);
    return choice;
  }

  const [takenOver] = await deps.db
    .update(users)
    .set({ ...names, passwordHash, updatedAt: now })
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (takenOver) await sendCode(deps, email);
  else await deps.mailer.send(registrationAttemptEmail(deps.brand, email));
  return choice;
}

/** Same answer (sent or not) for unknown, verified and unverified emails. */
export async function resendCode(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendCode(deps, email);
}

/**
 * A right code verifies the account: code consumed and account marked verified in one transaction.
 * Wrong, expired, used, exhausted, or for an email without a pending account: all `false`.
 */
export async function verifyEmail(deps: AuthDeps, input: OtpVerificationRequest): Promise<boolean> {
  const email = normaliseEmail(input.email);
  const now = deps.now();
  const verified = await deps.db.transaction(async (tx) => {
    const right = await consumeCode(
      tx,
      deps.codes,
      { email, purpose: 'verify-email' },
      input.security_code,
      now,
    );
    if (!right) return undefined;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
      .returning();
    return user;
  });
  if (!verified) return false;
  await grantConfiguredAdmin(deps.db, verified.id, deps.adminEmails);
  await deps.mailer.send(welcomeEmail(deps.brand, email, verified.firstName));
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
