import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_ROLE, type MemberRole } from '@localmart/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { businessMembers } from '../../db/schema/manage.ts';
import { uniqueEmail } from '../../test/accounts.ts';
import { csrfHeaders } from '../../test/app.ts';
import { createSession } from '../auth/sessions.ts';

/** Test helpers for Manage Your Store: people with sessions and roles, and a client that acts as them. */

export interface Person {
  userId: string;
  email: string;
  token: string;
}

/** A verified user with a live session; `admin` adds the platform admin role. */
export async function person(
  db: Database,
  now: Date,
  options: { admin?: boolean; name?: string } = {},
): Promise<Person> {
  const email = uniqueEmail((options.name ?? 'manager').toLowerCase());
  const [user] = await db
    .insert(users)
    .values({
      firstName: options.name ?? 'Morgan',
      lastName: 'Manager',
      displayName: `${options.name ?? 'Morgan'} Manager`,
      email,
      emailVerifiedAt: now,
      roles: options.admin ? ['user', ADMIN_ROLE] : ['user'],
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  return { userId: user.id, email, token: await createSession(db, { userId: user.id, now }) };
}

/** Makes `who` a member of the business. */
export async function addMember(
  db: Database,
  businessId: string,
  who: Person,
  role: MemberRole,
): Promise<void> {
  await db.insert(businessMembers).values({ businessId, userId: who.userId, role });
}

/** A store's owner and staff, another store's staff, a plain shopper and a platform admin. */
export async function manageCast(
  db: Database,
  now: Date,
  stores: { storeId: string; otherStoreId: string },
) {
  const [owner, staff, otherStaff, shopper, admin] = await Promise.all([
    person(db, now, { name: 'Olive' }),
    person(db, now, { name: 'Stan' }),
    person(db, now, { name: 'Oscar' }),
    person(db, now, { name: 'Sam' }),
    person(db, now, { name: 'Ada', admin: true }),
  ]);
  await addMember(db, stores.storeId, owner, 'owner');
  await addMember(db, stores.storeId, staff, 'staff');
  await addMember(db, stores.otherStoreId, otherStaff, 'owner');
  return { owner, staff, otherStaff, shopper, admin };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ManageClient {
  send(method: HttpMethod, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/**
 * Calls with `who`'s bearer token (bearer calls need no CSRF cookie); without `who`, as an anonymous
 * browser holding the CSRF cookie, so what it meets is the sign-in check and not the CSRF one.
 */
export function manageClient(app: FastifyInstance, who?: Pick<Person, 'token'>): ManageClient {
  let anonymous: Record<string, string> | undefined;
  const send = async (method: HttpMethod, url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: who
        ? { authorization: `Bearer ${who.token}` }
        : (anonymous ??= await csrfHeaders(app)),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    send,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    put: (url, body) => send('PUT', url, body ?? {}),
    patch: (url, body) => send('PATCH', url, body ?? {}),
    delete: (url) => send('DELETE', url),
  };
}
