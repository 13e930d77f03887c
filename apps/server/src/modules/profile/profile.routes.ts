import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  accountMessages,
  apiPaths,
  changePasswordRequest,
  commonMessages,
  fail,
  ok,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  updateProfileRequest,
} from '@localmart/contract';
import { HttpError, isMalformedMultipart } from '../../plugins/errors.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { argon2Hasher } from '../auth/passwords.ts';
import { findUserById } from '../auth/users.ts';
import { detectImageType } from '../media/image-type.ts';
import { rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { changePassword, setPicture, toProfile, updateProfile } from './profile.service.ts';

/** Profile calls for the signed-in user: every route needs a bearer session. */
export const profileRoutes: ZodRoutes = async (app) => {
  // Multipart is parsed only in this plugin's routes; everywhere else it stays a 415.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  // Before validation: an anonymous caller learns "sign in", not what the body got wrong.
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The full row of the signed-in user: the session lookup carries only what auth needs. */
  const currentUser = async (request: FastifyRequest) => {
    const row = await findUserById(app.db, request.user!.id);
    if (!row) throw new HttpError(401, accountMessages.signInRequired);
    return row;
  };

  app.get(apiPaths.profile, async (request) =>
    ok({ result: toProfile(await currentUser(request)) }),
  );

  app.put(apiPaths.profile, { schema: { body: updateProfileRequest } }, async (request) => {
    const row = await updateProfile(app.db, request.user!.id, request.body, app.now());
    return ok({ message: accountMessages.profileUpdated, result: toProfile(row) });
  });

  app.put(
    apiPaths.profilePassword,
    {
      schema: { body: changePasswordRequest },
      config: { rateLimit: rateLimitRules.changePassword },
    },
    async (request, reply) => {
      const outcome = await changePassword(
        app.db,
        argon2Hasher,
        { user: await currentUser(request), sessionId: request.session!.id, now: app.now() },
        request.body,
      );
      switch (outcome.kind) {
        case 'ok':
          return ok({ message: accountMessages.passwordChanged });
        case 'wrong-current-password':
          return reply.code(400).send(fail(accountMessages.currentPasswordWrong));
        case 'no-password-yet':
          return reply.code(400).send(fail(accountMessages.noPasswordYet));
        case 'password-too-common':
          return reply.code(400).send(fail(accountMessages.passwordTooCommon));
      }
    },
  );

  app.post(apiPaths.profilePicture, async (request) => {
    if (!request.isMultipart()) throw new HttpError(415, accountMessages.pictureNotMultipart);
    const file = await request.file().catch((error: unknown) => {
      if (isMalformedMultipart(error)) throw new HttpError(400, commonMessages.malformedUpload);
      throw error;
    });
    if (!file || file.fieldname !== PROFILE_PICTURE_FIELD) {
      file?.file.resume();
      throw new HttpError(400, accountMessages.pictureMissing);
    }
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new HttpError(413, accountMessages.pictureTooLarge);
      }
      if (isMalformedMultipart(error)) throw new HttpError(400, commonMessages.malformedUpload);
      throw error;
    }
    if (bytes.length === 0) throw new HttpError(400, accountMessages.pictureMissing);
    // The bytes decide the type, never the file name or the declared Content-Type.
    const contentType = detectImageType(bytes);
    if (!contentType) throw new HttpError(415, accountMessages.pictureTypeUnsupported);

    const row = await setPicture(app.db, await currentUser(request), {
      contentType,
      bytes,
      now: app.now(),
    });
    return ok({ message: accountMessages.pictureUpdated, result: toProfile(row) });
  });
};
