import {
  accountMessages,
  apiPaths,
  fail,
  forgotPasswordRequest,
  loginRequest,
  logoutRequest,
  ok,
  otpVerificationRequest,
  registrationRequest,
  registrationSuccessful,
  resendCodeWait,
  resendOtpRequest,
  resetPasswordRequest,
  toastMessages,
} from '@localmart/contract';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { replyWithError } from '../../plugins/errors.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { authDeps } from './auth-deps.ts';
import {
  login,
  register,
  requestPasswordReset,
  resendCode,
  resetPassword,
  verifyEmail,
} from './auth.service.ts';
import { queuePasswordReset, resetRunsAsJob } from './auth.jobs.ts';
import { revokeSession } from './sessions.ts';
import { toPublicUser } from './users.ts';

function refuseCommonPassword(reply: FastifyReply) {
  return reply.code(400).send(fail(accountMessages.passwordTooCommon));
}

/**
 * The account calls of spec §7 (plus reset-password). Thin: validated body -> service -> envelope.
 * Every answer here may carry a token or concern a credential: never cached.
 */
export const authRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  const deps = authDeps(app, config);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    apiPaths.login,
    { schema: { body: loginRequest }, config: { rateLimit: rateLimitRules.login } },
    async (request, reply) => {
      const outcome = await login(deps, request.body, request.headers['user-agent']);
      switch (outcome.kind) {
        case 'signed-in':
          return ok({
            message: toastMessages.loginSuccessfully,
            result: { token: outcome.token, user: outcome.user },
          });
        case 'invalid-credentials':
          return reply.code(401).send(fail(accountMessages.invalidCredentials));
        case 'email-not-verified':
          // spec §4: the app swaps Sign In for "Resend Activation code" on this flag
          return reply
            .code(403)
            .send(fail(accountMessages.emailNotVerified, { showActivationLink: true }));
      }
    },
  );

  app.get(apiPaths.whoami, { preValidation: app.requireUser }, async (request) => {
    const { user, session } = request;
    return ok({ result: { token: session!.token, user: toPublicUser(user!) } });
  });

  app.post(
    apiPaths.logout,
    // spec §7: "empty body"; a call with no body at all is just as fine
    { schema: { body: logoutRequest.optional() }, preValidation: app.requireUser },
    async (request) => {
      await revokeSession(app.db, request.session!.id);
      return ok({ message: toastMessages.logoutSuccessfully });
    },
  );

  app.post(
    apiPaths.registration,
    { schema: { body: registrationRequest }, config: { rateLimit: rateLimitRules.registration } },
    async (request, reply) => {
      const outcome = await register(deps, request.body);
      if (outcome.kind === 'password-too-common') return refuseCommonPassword(reply);
      // The same answer whether or not the email already had an account (see register()).
      return ok({ message: registrationSuccessful(config.appName) });
    },
  );

  app.post(
    apiPaths.otpVerification,
    {
      schema: { body: otpVerificationRequest },
      config: { rateLimit: rateLimitRules.otpVerification },
    },
    async (request, reply) => {
      if (await verifyEmail(deps, request.body)) {
        return ok({ message: accountMessages.emailVerified });
      }
      return reply.code(400).send(fail(accountMessages.invalidOrExpiredCode));
    },
  );

  app.post(
    apiPaths.resendOtp,
    { schema: { body: resendOtpRequest }, config: { rateLimit: rateLimitRules.resendOtp } },
    async (request) => {
      // Alike for unknown, verified and pending emails (see resendCode): sent "if needed", or
      // honestly when the next code can be asked for.
      const outcome = await resendCode(deps, request.body.email);
      const { retryAfterSeconds } = outcome;
      return ok({
        message:
          outcome.kind === 'wait' ? resendCodeWait(retryAfterSeconds) : accountMessages.codeSent,
        result: { retryAfterSeconds },
      });
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      schema: { body: forgotPasswordRequest },
      config: { rateLimit: rateLimitRules.forgotPassword },
      // spec §8: the forgot-password screen shows results.error, so every refusal carries it.
      errorHandler: (error, request, reply) =>
        replyWithError(error, request, reply, { mirrorInResults: true }),
    },
    async (request) => {
      // With SMTP only queued: every email costs the same one insert (auth.jobs.ts).
      if (resetRunsAsJob(app)) await queuePasswordReset(app, request.body);
      else await requestPasswordReset(deps, request.body);
      return ok({ message: accountMessages.resetLinkSent });
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      schema: { body: resetPasswordRequest },
      config: { rateLimit: rateLimitRules.resetPassword },
    },
    async (request, reply) => {
      const outcome = await resetPassword(deps, request.body);
      switch (outcome.kind) {
        case 'ok':
          return ok({ message: accountMessages.passwordReset });
        case 'password-too-common':
          return refuseCommonPassword(reply);
        case 'invalid-link':
          return reply
            .code(400)
            .send(
              fail(accountMessages.resetLinkInvalid, { error: accountMessages.resetLinkInvalid }),
            );
      }
    },
  );
};
