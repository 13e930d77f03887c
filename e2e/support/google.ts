import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

/**
 * A local stand-in for Google's signing keys: the e2e server's GOOGLE_JWKS_URL points here, and tests
 * sign id_tokens with the private half, so the server's real verification code runs end to end.
 */
export const E2E_GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.example';
export const GOOGLE_ISSUER = 'https://accounts.google.com';
const KEY_ID = 'e2e-key-1';

export interface JwksSigner {
  jwksUrl: string;
  privateJwk: JWK;
  close: () => Promise<void>;
}

export async function startJwksSigner(): Promise<JwksSigner> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    privateJwk,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified?: boolean;
}

/** Sign an id_token the way Google would, with the key global setup published (E2E_GOOGLE_JWK). */
export async function signGoogleIdToken(identity: GoogleIdentity): Promise<string> {
  const jwk = process.env.E2E_GOOGLE_JWK;
  if (!jwk)
    throw new Error('E2E_GOOGLE_JWK is not set: global setup did not start the JWKS signer');
  const key = await importJWK(JSON.parse(jwk) as JWK, 'RS256');
  return new SignJWT({
    email: identity.email,
    email_verified: identity.emailVerified ?? true,
    given_name: identity.givenName,
    family_name: identity.familyName,
    name: `${identity.givenName} ${identity.familyName}`,
    picture: '',
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
    .setIssuer(GOOGLE_ISSUER)
    .setAudience(E2E_GOOGLE_CLIENT_ID)
    .setSubject(identity.sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}
