import {
  accountMessages,
  apiPaths,
  fail,
  googleLoginRequest,
  googleRegisterRequest,
  ok,
  toastMessages,
} from '@localmart/contract';
import type { Config } from '../../config.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { GoogleTokenError, googleTokenVerifier } from './google.ts';
import { signInWithGoogle } from './google.service.ts';

/**
 * Google sign-in (spec §7 handleGoogle, google-register). Registered only when GOOGLE_CLIENT_ID is
 * configured (app.ts): otherwise both paths answer the 404 envelope, which is what sends the app to
 * its demo fallback (spec §4).
 */
export const googleRoutes: ZodRoutes<{ config: Config & { googleClientId: string } }> = async (
  app,
  { config },
) => {
  const verify = googleTokenVerifier({
    clientId: config.googleClientId,
    jwksUrl: config.googleJwksUrl,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    apiPaths.handleGoogle,
    { schema: { body: googleLoginRequest }, config: { rateLimit: rateLimitRules.handleGoogle } },
    async (request, reply) => {
      let identity;
      try {
        // Only the signed token counts; google_id, email and names beside it are ignored.
        identity = await verify(request.body.id_token, app.now());
      } catch (error) {
        if (!(error instanceof GoogleTokenError)) throw error;
        request.log.info({ reason: error.message }, 'Google id_token refused');
        return reply.code(401).send(fail(toastMessages.googleSignInFailed));
      }
      const outcome = await signInWithGoogle(app.db, identity, {
        now: app.now(),
        userAgent: request.headers['user-agent'],
        adminEmails: config.adminEmails,
      });
      switch (outcome.kind) {
        case 'signed-in':
          // spec §3: token and user at top level for Google login
          return {
            status: 1 as const,
            message: outcome.created
              ? toastMessages.accountCreatedWithGoogle
              : toastMessages.loginSuccessfully,
            token: outcome.token,
            user: outcome.user,
          };
        case 'email-not-verified':
          return reply.code(403).send(fail(accountMessages.googleEmailNotVerified));
        case 'conflict':
          return reply.code(409).send(fail(toastMessages.googleSignInFailed));
      }
    },
  );

  /**
   * The payload carries no token, so nothing here can prove who is asking: it creates nothing,
   * grants nothing, and answers alike for every email (no enumeration). The app then continues with
   * Google sign-in (handleGoogle), which creates the account from verified claims.
   */
  app.post(apiPaths.googleRegister, { schema: { body: googleRegisterRequest } }, async () =>
    ok({ message: accountMessages.continueWithGoogle }),
  );
};
