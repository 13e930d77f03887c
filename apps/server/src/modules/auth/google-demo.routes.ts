import { randomBytes } from 'node:crypto';
import {
  apiPaths,
  type GoogleDemoLoginResponse,
  googleDemoLoginRequest,
  toastMessages,
} from '@localmart/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { createSession } from './sessions.ts';
import { toPublicUser } from './users.ts';

/** `.invalid` is reserved (RFC 2606): no mail to these addresses can reach anyone. */
export const DEMO_GOOGLE_EMAIL_DOMAIN = 'demo.localmart.invalid';

/**
 * A fresh demo shopper: verified (so it can shop), no password (no password login), no Google id
 * (no real Google account can ever land in it), an address nobody owns.
 */
export async function createDemoGoogleShopper(db: Database, now: Date) {
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Demo',
      lastName: 'User',
      displayName: 'Demo User',
      email: `demo-${randomBytes(12).toString('hex')}@${DEMO_GOOGLE_EMAIL_DOMAIN}`,
      passwordHash: null,
      googleId: null,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('demo shopper not created');
  return row;
}

/**
 * The spec's googleLogin fallback service (§7): when handleGoogle answers 404 (Google not
 * configured) the app calls this and gets a real session, so a demo Google sign-in can add to the
 * cart, see the cart and its orders in development.
 *
 * Registered only when GOOGLE_CLIENT_ID is unset AND the server is not in production (app.ts):
 * otherwise the path answers the 404 envelope and the app keeps the spec's local-only demo, which
 * the server grants nothing.
 *
 * Each call creates a new demo account; none is reused per device. Reusing one would need the
 * device to present a long-lived secret for it, which would be a password in all but name (and a
 * stolen one would open that account's orders and addresses); a demo shopper who signs out and back
 * in simply starts with an empty cart. Nothing the client sends is read, so no call can sign into
 * a real person's account. Rate-limited per IP like login, so a script cannot mint accounts fast.
 */
export const googleDemoRoutes: ZodRoutes = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    apiPaths.googleDemoLogin,
    {
      schema: { body: googleDemoLoginRequest },
      config: { rateLimit: rateLimitRules.googleDemoLogin },
    },
    async (request): Promise<GoogleDemoLoginResponse> => {
      const now = app.now();
      const row = await createDemoGoogleShopper(app.db, now);
      const token = await createSession(app.db, {
        userId: row.id,
        userAgent: request.headers['user-agent'],
        now,
      });
      request.log.info({ userId: row.id }, 'demo Google shopper created');
      return {
        status: 1,
        message: toastMessages.demoSignedInWithGoogle,
        result: { token, user: toPublicUser(row) },
      };
    },
  );
};
