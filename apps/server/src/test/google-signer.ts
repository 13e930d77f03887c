import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * A stand-in for Google's signing keys in tests: serves a JWKS on 127.0.0.1 (port 0) and signs ID
 * tokens with the matching private key, so the server's real verification (jose + remote JWKS) runs
 * unchanged. Point GOOGLE_JWKS_URL at `jwksUrl` and GOOGLE_CLIENT_ID at `clientId`.
 */

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.example';
export const GOOGLE_ISSUER = 'https://accounts.google.com';
const KEY_ID = 'test-key-1';

export interface GoogleTokenClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

export interface SignOptions {
  /** "Now" for iat/exp; default the real time. */
  now?: Date;
  /** Lifetime from `now`; negative for an already expired token. Default 10 minutes. */
  expiresInSeconds?: number;
  issuer?: string;
  audience?: string;
  /** Sign with a key that is NOT in the JWKS, under the published key id: a forged signature. */
  forged?: boolean;
}

export interface GoogleSigner {
  jwksUrl: string;
  clientId: string;
  /** How many times the JWKS was fetched (the verifier should cache it). */
  jwksRequests(): number;
  sign(claims: GoogleTokenClaims, options?: SignOptions): Promise<string>;
  /** An HS256 token keyed with `secret`: must be refused whatever it says (algorithm confusion). */
  signHs256(claims: GoogleTokenClaims, secret: string, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

function build(claims: GoogleTokenClaims, options: SignOptions, clientId: string) {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const { sub, ...rest } = claims;
  const payload: JWTPayload = { email_verified: true, ...rest };
  return new SignJWT(payload)
    .setIssuer(options.issuer ?? GOOGLE_ISSUER)
    .setAudience(options.audience ?? clientId)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 600));
}

export async function startGoogleSigner(clientId = TEST_GOOGLE_CLIENT_ID): Promise<GoogleSigner> {
  const trusted = await generateKeyPair('RS256', { extractable: true });
  const untrusted = await generateKeyPair('RS256');
  const publicJwk = {
    ...(await exportJWK(trusted.publicKey)),
    kid: KEY_ID,
    alg: 'RS256',
    use: 'sig',
  };
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    jwksRequests: () => requests,
    sign: (claims, options = {}) =>
      build(claims, options, clientId)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .sign(options.forged ? untrusted.privateKey : trusted.privateKey),
    signHs256: (claims, secret, options = {}) =>
      build(claims, options, clientId)
        .setProtectedHeader({ alg: 'HS256', kid: KEY_ID, typ: 'JWT' })
        .sign(new TextEncoder().encode(secret)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
