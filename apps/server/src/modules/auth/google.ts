import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/**
 * Verifies Google ID tokens ourselves (no call to Google per sign-in): signature against Google's
 * published keys (JWKS, cached by jose), RS256 only, issuer, audience = our GOOGLE_CLIENT_ID,
 * expiry, and a verified email. Identity then comes from these claims only, never from the
 * google_id/email/names the client sends beside the token.
 */

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleIdentity {
  /** Google's stable account id: what a link to one of our users is keyed on. */
  sub: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  picture: string | undefined;
}

/** Any reason to refuse a token; the message is for logs, never for the client. */
export class GoogleTokenError extends Error {
  override readonly name = 'GoogleTokenError';
}

export type GoogleTokenVerifier = (idToken: string, now: Date) => Promise<GoogleIdentity>;

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function googleTokenVerifier({
  clientId,
  jwksUrl,
}: {
  clientId: string;
  jwksUrl: string;
}): GoogleTokenVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 });
  return async (idToken, now) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: now,
        // Google's own clocks and ours may differ a little.
        clockTolerance: 30,
      }));
    } catch (error) {
      throw new GoogleTokenError(error instanceof Error ? error.message : String(error));
    }
    const sub = stringClaim(payload, 'sub');
    const email = stringClaim(payload, 'email')?.toLowerCase();
    if (!sub || !email) throw new GoogleTokenError('token has no sub or no email');
    // Google sends a boolean; very old tokens carried the string "true".
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return {
      sub,
      email,
      emailVerified: verified,
      givenName: stringClaim(payload, 'given_name') ?? '',
      familyName: stringClaim(payload, 'family_name') ?? '',
      name: stringClaim(payload, 'name') ?? '',
      picture: stringClaim(payload, 'picture'),
    };
  };
}
