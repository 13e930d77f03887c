import {
  createStoreRequest,
  INVITATION_TTL_DAYS,
  invitationMessages,
  invitationPaths,
  managePaths,
  storeMessages,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { storeInvitations } from '../../../db/schema/invitations.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { uniqueEmail } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { createSession } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { addMember, manageClient, person, type Person } from '../manage-test-support.ts';
import { createStore } from '../stores/onboarding.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const TOKEN_IN_LINK = /\/manage\/invitations\/([A-Za-z0-9_-]{43})/;

function newStore(name: string) {
  const day = [{ open: '09:00', close: '17:00' }];
  return createStoreRequest.parse({
    name,
    kind: 'retail',
    type: 'Grocery',
    description: 'Fresh produce.',
    address: {
      line1: '123 Queen St W',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 2M9',
      country: 'ca',
    },
    lat: 43.6511,
    lng: -79.3832,
    phone: '(416) 555-0199',
    email: 'hello@store.example',
    hours: { weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] } },
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
    pickupReadyMinutes: 60,
  });
}

/** The body with every occurrence of `email` replaced: what must be the same for any address. */
function withoutEmail(response: LightMyRequestResponse, email: string): string {
  return response.body.split(email).join('<email>');
}

function tokenOf(mail: MailMessage | undefined): string {
  const token = TOKEN_IN_LINK.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in ${mail?.text}`);
  return token;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

for (const backend of testDatabases()) {
  describe(`member invitations on ${backend.name}`, { timeout: 60_000 }, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);

    /** A published store with an owner and a staff member; `status` makes it pending instead. */
    async function world(
      options: {
        now?: () => Date;
        status?: 'published' | 'pending';
        env?: Record<string, string>;
      } = {},
    ) {
      const app = await makeApp({ now: options.now ?? (() => CITY_NOW), env: options.env });
      const db = getDb().db;
      const [owner, staff] = await Promise.all([
        person(db, CITY_NOW, { name: 'Olive' }),
        person(db, CITY_NOW, { name: 'Stan' }),
      ]);
      const name = `Maple Corner ${Math.random().toString(36).slice(2, 8)}`;
      const { id: storeId } = await createStore(db, {
        userId: owner.userId,
        store: newStore(name),
        now: CITY_NOW,
      });
      await db
        .update(businesses)
        .set({ status: options.status ?? 'published' })
        .where(eq(businesses.id, storeId));
      await addMember(db, storeId, staff, 'staff');
      const sent = vi.spyOn(app.mailer, 'send');
      const mailsTo = (to: string) =>
        sent.mock.calls.map(([mail]) => mail).filter((mail) => mail.to === to);
      return { app, db, storeId, name, owner, staff, mailsTo, sent };
    }

    /** An account created with exactly this address (as signing up from the link does). */
    async function accountFor(email: string, name = 'Ivy'): Promise<Person> {
      const db = getDb().db;
      const [user] = await db
        .insert(users)
        .values({
          firstName: name,
          lastName: 'Invitee',
          displayName: `${name} Invitee`,
          email,
          emailVerifiedAt: CITY_NOW,
          roles: ['user'],
        })
        .returning({ id: users.id });
      return {
        userId: user!.id,
        email,
        token: await createSession(db, { userId: user!.id, now: CITY_NOW }),
      };
    }

    async function memberRole(storeId: string, userId: string) {
      const [row] = await getDb()
        .db.select({ role: businessMembers.role })
        .from(businessMembers)
        .where(and(eq(businessMembers.businessId, storeId), eq(businessMembers.userId, userId)));
      return row?.role ?? null;
    }

    const invite = (
      app: FastifyInstance,
      who: Person,
      storeId: string,
      email: string,
      role = 'staff',
    ) => manageClient(app, who).post(invitationPaths.invitations(storeId), { email, role });

    it('answers, lists and mails the same for an existing account and an unknown address, and enrols nobody', async () => {
      const { app, storeId, owner, staff, mailsTo } = await world();
      const known = await person(getDb().db, CITY_NOW, { name: 'Kimberly' });
      const unknown = uniqueEmail('nobody');

      const a = await invite(app, owner, storeId, known.email);
      const b = await invite(app, owner, storeId, unknown);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toEqual({ status: 1, message: invitationMessages.sent(known.email) });
      expect(withoutEmail(a, known.email)).toBe(withoutEmail(b, unknown));
      expect(a.headers['content-type']).toBe(b.headers['content-type']);

      // The same mail, word for word, but for the address and the link's token.
      const [toKnown] = mailsTo(known.email);
      const [toUnknown] = mailsTo(unknown);
      const generic = (mail: MailMessage | undefined, email: string) =>
        mail!.text.split(email).join('<email>').replace(tokenOf(mail), '<token>');
      expect(toKnown!.subject).toBe(toUnknown!.subject);
      expect(generic(toKnown, known.email)).toBe(generic(toUnknown, unknown));
      expect(toKnown!.text).not.toContain('Kimberly');

      // Nobody joined: the member list is as before, the known account manages nothing.
      expect(await memberRole(storeId, known.userId)).toBeNull();
      const members = (await manageClient(app, owner).get(managePaths.members(storeId))).json()
        .results as { userId: string }[];
      expect(members.map((m) => m.userId).sort()).toEqual([owner.userId, staff.userId].sort());
      const me = (await manageClient(app, known).get(managePaths.me)).json();
      expect(me.result.stores).toEqual([]);

      // Pending: the addresses as typed, the same fields, never the account's name.
      const pending = (
        await manageClient(app, owner).get(invitationPaths.invitations(storeId))
      ).json().results as Record<string, unknown>[];
      expect(pending.map((p) => p.email).sort()).toEqual([known.email, unknown].sort());
      for (const entry of pending) {
        expect(Object.keys(entry).sort()).toEqual([
          'email',
          'expired',
          'expiresAt',
          'id',
          'invitedAt',
          'invitedBy',
          'lastSentAt',
          'role',
        ]);
        expect(entry).toMatchObject({ role: 'staff', expired: false, invitedBy: 'Olive Manager' });
        expect(entry.expiresAt).toBe(
          new Date(CITY_NOW.getTime() + INVITATION_TTL_DAYS * DAY).toISOString(),
        );
      }
      expect(JSON.stringify(pending)).not.toContain('Kimberly');

      // The link's secret is kept as a hash only.
      const rows = await getDb()
        .db.select({ tokenHash: storeInvitations.tokenHash })
        .from(storeInvitations)
        .where(eq(storeInvitations.businessId, storeId));
      const tokens = [tokenOf(toKnown), tokenOf(toUnknown)];
      expect(rows.map((r) => r.tokenHash).sort()).toEqual(tokens.map(hashToken).sort());
      expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    });

    it('takes about as long for an existing account as for an unknown address', async () => {
      // Enough room in the throttle for 24 invitations.
      const { app, storeId, owner } = await world({ env: { RATE_LIMIT_MULTIPLIER: '5' } });
      const known = await Promise.all(
        Array.from({ length: 12 }, () => person(getDb().db, CITY_NOW, { name: 'Known' })),
      );
      const timings = { known: [] as number[], unknown: [] as number[] };
      for (const account of known) {
        // Alternating, so load on the machine falls on both alike.
        for (const kind of ['known', 'unknown'] as const) {
          const email = kind === 'known' ? account.email : uniqueEmail('nobody');
          const started = performance.now();
          const response = await invite(app, owner, storeId, email);
          timings[kind].push(performance.now() - started);
          expect(response.statusCode).toBe(200);
        }
      }
      const k = median(timings.known);
      const u = median(timings.unknown);
      // Nothing on this path reads accounts, so only noise separates the two.
      expect(Math.abs(k - u), `median known ${k} ms, unknown ${u} ms`).toBeLessThan(
        Math.max(25, 0.5 * Math.max(k, u)),
      );
    });

    it('makes the invitee a member only when they accept, signed in with the invited address', async () => {
      const { app, storeId, name, owner, mailsTo } = await world();
      const email = uniqueEmail('invitee');
      await invite(app, owner, storeId, email, 'owner');
      const token = tokenOf(mailsTo(email)[0]);

      // The account is made after the invitation, as when signing up from the link.
      const invitee = await accountFor(email);
      expect(await memberRole(storeId, invitee.userId)).toBeNull();

      const lookup = await manageClient(app, invitee).post(invitationPaths.lookup, { token });
      expect(lookup.json().result).toEqual({
        storeName: name,
        role: 'owner',
        email,
        expiresAt: new Date(CITY_NOW.getTime() + INVITATION_TTL_DAYS * DAY).toISOString(),
        forYou: true,
      });

      // Someone else who got hold of the link cannot take the place.
      const other = await person(getDb().db, CITY_NOW, { name: 'Mallory' });
      const otherLookup = await manageClient(app, other).post(invitationPaths.lookup, { token });
      expect(otherLookup.json().result.forYou).toBe(false);
      const stolen = await manageClient(app, other).post(invitationPaths.accept, { token });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toMatchObject({
        status: 0,
        message: invitationMessages.wrongAccount(email),
      });
      expect(await memberRole(storeId, other.userId)).toBeNull();
      // Signed out, nothing is answered at all.
      expect((await manageClient(app).post(invitationPaths.accept, { token })).statusCode).toBe(
        401,
      );

      const accepted = await manageClient(app, invitee).post(invitationPaths.accept, { token });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({
        status: 1,
        message: invitationMessages.accepted(name),
        result: { businessId: storeId, storeName: name },
      });
      expect(await memberRole(storeId, invitee.userId)).toBe('owner');
      const me = (await manageClient(app, invitee).get(managePaths.me)).json();
      expect(me.result.stores.map((s: { id: string }) => s.id)).toEqual([storeId]);

      // Answered: no longer pending, and the link is spent.
      const pending = (
        await manageClient(app, owner).get(invitationPaths.invitations(storeId))
      ).json().results;
      expect(pending).toEqual([]);
      const again = await manageClient(app, invitee).post(invitationPaths.accept, { token });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(invitationMessages.linkInvalid);
    });

    it('declining adds nobody; an expired link is refused; a resend replaces the link', async () => {
      const { app, storeId, owner, mailsTo } = await world();
      const email = uniqueEmail('decliner');
      await invite(app, owner, storeId, email);
      const invitee = await accountFor(email);
      const declined = await manageClient(app, invitee).post(invitationPaths.decline, {
        token: tokenOf(mailsTo(email)[0]),
      });
      expect(declined.json()).toEqual({ status: 1, message: invitationMessages.declined });
      expect(await memberRole(storeId, invitee.userId)).toBeNull();
      expect(
        (await manageClient(app, owner).get(invitationPaths.invitations(storeId))).json().results,
      ).toEqual([]);

      // Invited again; eight days later the link has expired, and the list says so.
      await invite(app, owner, storeId, email);
      const oldToken = tokenOf(mailsTo(email)[1]);
      const later = await makeApp({ now: () => new Date(CITY_NOW.getTime() + 8 * DAY) });
      const expired = await manageClient(later, invitee).post(invitationPaths.accept, {
        token: oldToken,
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ status: 0, message: invitationMessages.expired });
      const [entry] = (
        await manageClient(later, owner).get(invitationPaths.invitations(storeId))
      ).json().results;
      expect(entry).toMatchObject({ email, expired: true });

      // Resent: a new link for another week; the old one stops working.
      const sent = vi.spyOn(later.mailer, 'send');
      const resent = await manageClient(later, owner).post(
        invitationPaths.invitationResend(storeId, entry.id),
      );
      expect(resent.json()).toEqual({ status: 1, message: invitationMessages.resent(email) });
      const newToken = tokenOf(sent.mock.calls[0]?.[0]);
      expect(newToken).not.toBe(oldToken);
      expect(
        (await manageClient(later, invitee).post(invitationPaths.accept, { token: oldToken }))
          .statusCode,
      ).toBe(404);
      const ok = await manageClient(later, invitee).post(invitationPaths.accept, {
        token: newToken,
      });
      expect(ok.statusCode).toBe(200);
      expect(await memberRole(storeId, invitee.userId)).toBe('staff');
    });

    it('revoking kills the link; only the owner revokes', async () => {
      const { app, storeId, owner, staff, mailsTo } = await world();
      const email = uniqueEmail('revoked');
      await invite(app, owner, storeId, email);
      const token = tokenOf(mailsTo(email)[0]);
      const [entry] = (
        await manageClient(app, owner).get(invitationPaths.invitations(storeId))
      ).json().results;

      const byStaff = await manageClient(app, staff).delete(
        invitationPaths.invitation(storeId, entry.id),
      );
      expect(byStaff.statusCode).toBe(403);

      const revoked = await manageClient(app, owner).delete(
        invitationPaths.invitation(storeId, entry.id),
      );
      expect(revoked.json()).toEqual({ status: 1, message: invitationMessages.revoked });
      expect(
        (await manageClient(app, owner).get(invitationPaths.invitations(storeId))).json().results,
      ).toEqual([]);

      const invitee = await accountFor(email);
      const accept = await manageClient(app, invitee).post(invitationPaths.accept, { token });
      expect(accept.statusCode).toBe(404);
      expect(accept.json().message).toBe(invitationMessages.linkInvalid);
      expect(await memberRole(storeId, invitee.userId)).toBeNull();

      const twice = await manageClient(app, owner).delete(
        invitationPaths.invitation(storeId, entry.id),
      );
      expect(twice.statusCode).toBe(404);
      expect(twice.json().message).toBe(invitationMessages.notFound);
      // Resending a withdrawn invitation mails nothing.
      const resend = await manageClient(app, owner).post(
        invitationPaths.invitationResend(storeId, entry.id),
      );
      expect(resend.statusCode).toBe(404);
      expect(mailsTo(email)).toHaveLength(1);
    });

    it('throttles invitations per inviter and per store with a 429 that says which', async () => {
      const { app, db, storeId, owner, mailsTo, sent } = await world();
      for (let i = 0; i < 10; i += 1) {
        expect((await invite(app, owner, storeId, uniqueEmail('bulk'))).statusCode).toBe(200);
      }
      const eleventh = uniqueEmail('bulk');
      const refused = await invite(app, owner, storeId, eleventh);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 0,
        message: invitationMessages.tooManyForInviter(3600),
      });
      expect(refused.json().message).toBe(
        'You have sent too many invitations for now. Try again in 60 minutes.',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(mailsTo(eleventh)).toEqual([]);

      // Two more owners share the store's 20 a day: the 21st is refused for the store.
      const [second, third] = await Promise.all([
        person(db, CITY_NOW, { name: 'Second' }),
        person(db, CITY_NOW, { name: 'Third' }),
      ]);
      await addMember(db, storeId, second, 'owner');
      await addMember(db, storeId, third, 'owner');
      for (let i = 0; i < 10; i += 1) {
        expect((await invite(app, second, storeId, uniqueEmail('bulk'))).statusCode).toBe(200);
      }
      const storeRefused = await invite(app, third, storeId, uniqueEmail('bulk'));
      expect(storeRefused.statusCode).toBe(429);
      expect(storeRefused.json().message).toMatch(
        /^This store has sent too many invitations for now\. Try again in \d+ hours\.$/,
      );
      const pending = (
        await manageClient(app, owner).get(invitationPaths.invitations(storeId))
      ).json().results;
      expect(pending).toHaveLength(20);
      expect(sent).toHaveBeenCalledTimes(20);
    });

    it('a store waiting for approval cannot invite anyone', async () => {
      const { app, storeId, owner, sent } = await world({ status: 'pending' });
      const response = await invite(app, owner, storeId, uniqueEmail('victim'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 0,
        message: invitationMessages.storeNotApproved,
      });
      expect(sent).not.toHaveBeenCalled();
      const rows = await getDb()
        .db.select()
        .from(storeInvitations)
        .where(eq(storeInvitations.businessId, storeId));
      expect(rows).toEqual([]);
    });

    it("mails the store's name quoted, escaped and marked as the store's own words", async () => {
      const { app, db, storeId, owner, mailsTo } = await world();
      await db
        .update(businesses)
        .set({ name: 'Refunds <b>desk</b>\nvisit evil.example' })
        .where(eq(businesses.id, storeId));
      const email = uniqueEmail('phish');
      await invite(app, owner, storeId, email);
      const [mail] = mailsTo(email);
      expect(mail!.subject).toBe('Localmart: invitation to help manage a store');
      expect(mail!.text).toContain(
        'The store calls itself “Refunds <b>desk</b> visit evil.example”. That name is chosen by the store, not by Localmart.',
      );
      expect(mail!.html).toContain('Refunds &#60;b&#62;desk&#60;/b&#62; visit evil.example');
      expect(mail!.html).not.toContain('<b>desk');
      // The one link is to this app's invitation page.
      expect(mail!.html.match(/href="[^"]*"/g)).toEqual([
        `href="http://localhost:3000/manage/invitations/${tokenOf(mail)}"`,
      ]);
      expect(mail!.text).not.toContain('Olive');
    });

    it('an existing member is not invited again', async () => {
      const { app, storeId, owner, staff, sent } = await world();
      const response = await invite(app, owner, storeId, staff.email.toUpperCase());
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(invitationMessages.alreadyMember);
      expect(sent).not.toHaveBeenCalled();
    });

    it('owners change roles, the last owner stays an owner, staff can neither invite nor change roles', async () => {
      const { app, db, storeId, owner, staff } = await world();
      const asOwner = manageClient(app, owner);
      const asStaff = manageClient(app, staff);

      expect((await asStaff.get(invitationPaths.invitations(storeId))).statusCode).toBe(403);
      expect(
        (
          await asStaff.post(invitationPaths.invitations(storeId), {
            email: uniqueEmail('x'),
            role: 'staff',
          })
        ).statusCode,
      ).toBe(403);
      const selfPromotion = await asStaff.patch(managePaths.member(storeId, staff.userId), {
        role: 'owner',
      });
      expect(selfPromotion.statusCode).toBe(403);
      expect(await memberRole(storeId, staff.userId)).toBe('staff');

      const lastOwner = await asOwner.patch(managePaths.member(storeId, owner.userId), {
        role: 'staff',
      });
      expect(lastOwner.statusCode).toBe(409);
      expect(lastOwner.json()).toEqual({ status: 0, message: storeMessages.lastOwner });

      const promoted = await asOwner.patch(managePaths.member(storeId, staff.userId), {
        role: 'owner',
      });
      expect(promoted.json()).toEqual({ status: 1, message: invitationMessages.roleChanged });
      expect(await memberRole(storeId, staff.userId)).toBe('owner');

      // Two owners now: the first may step down, and the store's named owner follows.
      const stepDown = await asOwner.patch(managePaths.member(storeId, owner.userId), {
        role: 'staff',
      });
      expect(stepDown.statusCode).toBe(200);
      expect(await memberRole(storeId, owner.userId)).toBe('staff');
      const [store] = await db
        .select({ ownerId: businesses.ownerId })
        .from(businesses)
        .where(eq(businesses.id, storeId));
      expect(store?.ownerId).toBe(staff.userId);
      // Now staff, the first owner has lost the owner's calls.
      expect((await asOwner.get(managePaths.members(storeId))).statusCode).toBe(403);

      const asNewOwner = manageClient(app, staff);
      const nobody = await asNewOwner.patch(
        managePaths.member(storeId, '00000000-0000-4000-8000-000000000001'),
        { role: 'staff' },
      );
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json().message).toBe(storeMessages.memberNotFound);
      const badRole = await asNewOwner.patch(managePaths.member(storeId, owner.userId), {
        role: 'manager',
      });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().status).toBe(0);
      expect(badRole.json().message).toContain('Choose a role: owner or staff');
    });

    it('refuses a malformed link with a message a person can act on', async () => {
      const { app } = await world();
      const someone = await person(getDb().db, CITY_NOW, { name: 'Pat' });
      const response = await manageClient(app, someone).post(invitationPaths.accept, {
        token: 'short',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 0 });
      expect(response.json().message).toContain('This invitation link is incomplete');
    });
  });
}
