import {
  apiPaths,
  type ChangePasswordRequest,
  type Profile,
  type UpdateProfileRequest,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { checkNewPassword, type PasswordChoice } from '../auth/auth.service.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { joinNames } from '../auth/users.ts';
import type { ImageType } from '../media/image-type.ts';
import { deleteOwnedMedia, saveMedia } from '../media/media.service.ts';

/** The signed-in user's own profile (routes profile, edit-profile). */
export function toProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: row.displayName,
    email: row.email,
    picture: row.picture,
    phone: row.phone,
    email_verified: row.emailVerifiedAt !== null,
    has_password: row.passwordHash !== null,
    google_linked: row.googleId !== null,
    created_at: row.createdAt.toISOString(),
  };
}

async function updateUser(
  db: Database,
  userId: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished during an update`);
  return row;
}

export function updateProfile(
  db: Database,
  userId: string,
  input: UpdateProfileRequest,
  now: Date,
): Promise<UserRow> {
  return updateUser(db, userId, {
    firstName: input.first_name,
    lastName: input.last_name,
    displayName: input.display_name || joinNames(input.first_name, input.last_name),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    updatedAt: now,
  });
}

export type ChangePasswordOutcome =
  PasswordChoice | { kind: 'no-password-yet' } | { kind: 'wrong-current-password' };

/**
 * Needs the current password (a stolen session alone cannot lock the owner out). On success every
 * OTHER session of the user ends, so a device someone else holds is signed out; this one stays.
 */
export async function changePassword(
  db: Database,
  passwords: PasswordHasher,
  { user, sessionId, now }: { user: UserRow; sessionId: string; now: Date },
  input: ChangePasswordRequest,
): Promise<ChangePasswordOutcome> {
  if (!user.passwordHash) return { kind: 'no-password-yet' };
  if (!(await passwords.verify(user.passwordHash, input.current_password))) {
    return { kind: 'wrong-current-password' };
  }
  const choice = checkNewPassword(input.new_password);
  if (choice.kind !== 'ok') return choice;
  const passwordHash = await passwords.hash(input.new_password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await revokeUserSessions(tx, user.id, sessionId);
  });
  return choice;
}

const OWN_MEDIA = new RegExp(`^${apiPaths.media('')}([0-9a-f-]{36})$`);

/** Store the new picture, point the profile at it and drop the picture it replaces, in one go. */
export function setPicture(
  db: Database,
  user: UserRow,
  { contentType, bytes, now }: { contentType: ImageType; bytes: Buffer; now: Date },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const mediaId = await saveMedia(tx, { ownerId: user.id, contentType, bytes, now });
    const updated = await updateUser(tx, user.id, {
      picture: apiPaths.media(mediaId),
      updatedAt: now,
    });
    const previous = user.picture ? OWN_MEDIA.exec(user.picture)?.[1] : undefined;
    if (previous) await deleteOwnedMedia(tx, previous, user.id);
    return updated;
  });
}
