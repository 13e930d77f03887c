import {
  changeMemberRoleRequest,
  idParam,
  invitationMessages,
  invitationPaths,
  invitationTokenRequest,
  inviteMemberRequest,
  managePaths,
  type MemberRole,
  ok,
} from '@localmart/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { hashToken } from '../../auth/tokens.ts';
import { findUserById } from '../../auth/users.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import {
  invitationsPerInviter,
  invitationsPerStore,
  type Limit,
  rateLimitRules,
} from '../../rate-limit/rate-limit-rules.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { businessRow } from '../stores/store-detail.ts';
import { changeStoreMemberRole } from '../stores/store-members.service.ts';
import { invitationEmail } from './invitation-emails.ts';
import { INVITATION_MAIL_GUARD } from './invitation-jobs.ts';
import {
  acceptInvitation,
  declineInvitation,
  isStoreMemberEmail,
  listPendingInvitations,
  lookupInvitation,
  newInvitationToken,
  pendingInvitationEmail,
  renewInvitation,
  revokeInvitation,
  upsertInvitation,
} from './invitations.service.ts';

const INVITATIONS = routePattern(invitationPaths.invitations(':businessId'));
const INVITATION = routePattern(invitationPaths.invitation(':businessId', ':invitationId'));
const RESEND = routePattern(invitationPaths.invitationResend(':businessId', ':invitationId'));
const MEMBER = routePattern(managePaths.member(':businessId', ':userId'));

const invitationParams = z.object({ businessId: idParam, invitationId: idParam });
const memberParams = z.object({ businessId: idParam, userId: idParam });
const owner = { role: 'owner' } as const;

/** Queues the invitation mail in the caller's transaction, guarded by its token (a resend supersedes it). */
function mailInvitation(
  mailer: Mailer,
  db: Database,
  brand: Brand,
  to: string,
  facts: { storeName: string; role: MemberRole; token: string },
) {
  return mailer.send(invitationEmail(brand, to, facts), {
    db,
    guard: { kind: INVITATION_MAIL_GUARD, ref: hashToken(facts.token) },
  });
}

/**
 * Store scope, owner only (staff neither invite nor change roles): invite by email, list, resend and
 * withdraw pending invitations, change a member's role. Inviting never looks the address up among
 * accounts, so the answer, its timing, the list and the mail are the same for every address.
 */
export const storeInvitationRoutes: ZodRoutes<ManageRouteOptions> = async (app, { config }) => {
  const brand = { appName: config.appName, appUrl: config.appUrl };
  const storeOf = (request: FastifyRequest) => request.store!.businessId;

  /** Counts one mail against the inviter and the store; over either limit: 429 saying which. */
  async function spend(
    key: string,
    limit: Limit,
    message: (seconds: number) => string,
    reply: FastifyReply,
  ) {
    const verdict = await app.limiter.consume(key, limit.limit, limit.windowSeconds);
    if (verdict.allowed) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new HttpError(429, message(verdict.retryAfterSeconds));
  }

  /**
   * What every mailing call checks first: the store is approved (a pending store's name is nobody's
   * word yet, so it cannot make us mail strangers), then the throttles. Answers the store's name.
   */
  async function mayMail(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const store = await businessRow(app.db, storeOf(request));
    if (store.status !== 'published') throw new HttpError(403, invitationMessages.storeNotApproved);
    await spend(
      `invitations:inviter:${request.user!.id}`,
      invitationsPerInviter,
      invitationMessages.tooManyForInviter,
      reply,
    );
    await spend(
      `invitations:store:${store.id}`,
      invitationsPerStore,
      invitationMessages.tooManyForStore,
      reply,
    );
    return store.name;
  }

  app.get(INVITATIONS, { config: owner }, async (request) =>
    ok({ results: await listPendingInvitations(app.db, storeOf(request), app.now()) }),
  );

  app.post(
    INVITATIONS,
    { config: owner, schema: { body: inviteMemberRequest } },
    async (request, reply) => {
      const businessId = storeOf(request);
      const { email, role } = request.body;
      // Members are on the owner's own list already: saying so reveals no account.
      if (await isStoreMemberEmail(app.db, businessId, email)) {
        throw new HttpError(409, invitationMessages.alreadyMember);
      }
      const storeName = await mayMail(request, reply);
      const token = newInvitationToken();
      const now = app.now();
      await app.db.transaction(async (tx) => {
        await upsertInvitation(tx, {
          businessId,
          email,
          role,
          invitedBy: request.user!.id,
          token,
          now,
        });
        await mailInvitation(app.mailer, tx, brand, email, { storeName, role, token });
      });
      return ok({ message: invitationMessages.sent(email) });
    },
  );

  app.post(
    RESEND,
    { config: owner, schema: { params: invitationParams } },
    async (request, reply) => {
      const businessId = storeOf(request);
      // 404 before spending a throttle hit on nothing.
      await pendingInvitationEmail(app.db, businessId, request.params.invitationId);
      const storeName = await mayMail(request, reply);
      const token = newInvitationToken();
      const email = await app.db.transaction(async (tx) => {
        const renewed = await renewInvitation(tx, {
          businessId,
          invitationId: request.params.invitationId,
          invitedBy: request.user!.id,
          token,
          now: app.now(),
        });
        await mailInvitation(app.mailer, tx, brand, renewed.email, {
          storeName,
          role: renewed.role,
          token,
        });
        return renewed.email;
      });
      return ok({ message: invitationMessages.resent(email) });
    },
  );

  app.delete(
    INVITATION,
    { config: owner, schema: { params: invitationParams } },
    async (request) => {
      await revokeInvitation(app.db, {
        businessId: storeOf(request),
        invitationId: request.params.invitationId,
        now: app.now(),
      });
      return ok({ message: invitationMessages.revoked });
    },
  );

  app.patch(
    MEMBER,
    { config: owner, schema: { params: memberParams, body: changeMemberRoleRequest } },
    async (request) => {
      await changeStoreMemberRole(app.db, {
        businessId: storeOf(request),
        userId: request.params.userId,
        role: request.body.role,
      });
      return ok({ message: invitationMessages.roleChanged });
    },
  );
};

/**
 * User scope (signed in): the invitee looks at, accepts or declines the invitation of the link's
 * token. Only the account with the invited address may answer it.
 */
export const invitationAnswerRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const limited = { rateLimit: rateLimitRules.invitationAnswer };

  async function invitee(request: FastifyRequest) {
    const row = await findUserById(app.db, request.user!.id);
    // A session exists only for a verified account; an unverified address proves nothing.
    return { id: request.user!.id, email: row?.emailVerifiedAt ? row.email : '' };
  }

  app.post(
    invitationPaths.lookup,
    { config: limited, schema: { body: invitationTokenRequest } },
    async (request) =>
      ok({
        result: await lookupInvitation(
          app.db,
          await invitee(request),
          request.body.token,
          app.now(),
        ),
      }),
  );

  app.post(
    invitationPaths.accept,
    { config: limited, schema: { body: invitationTokenRequest } },
    async (request) => {
      const joined = await acceptInvitation(
        app.db,
        await invitee(request),
        request.body.token,
        app.now(),
      );
      return ok({ message: invitationMessages.accepted(joined.storeName), result: joined });
    },
  );

  app.post(
    invitationPaths.decline,
    { config: limited, schema: { body: invitationTokenRequest } },
    async (request) => {
      await declineInvitation(app.db, await invitee(request), request.body.token, app.now());
      return ok({ message: invitationMessages.declined });
    },
  );
};
