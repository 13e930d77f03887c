import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, isHttpsApp } from '../config.ts';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The CSP the Ionic app runs under. Written out in full (no helmet defaults) so what is allowed is
 * readable in one place; extend it here when a feature needs a new origin.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'appUrl' | 'payu'>,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `${GOOGLE_SIGN_IN}client`],
    'script-src-attr': ["'none'"],
    // Ionic's Stencil components inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", GOOGLE_SIGN_IN],
    'frame-src': [GOOGLE_SIGN_IN],
    'frame-ancestors': ["'self'"],
    // The installable app (issue 14): the service worker /sw.js and the manifests are our own files.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The checkout page posts the hosted payment form to PayU; the embedded simulator is 'self'.
    'form-action': ["'self'", ...(config.payu ? [new URL(config.payu.paymentUrl).origin] : [])],
    // Only over https: on a plain-http deployment it would break every asset.
    ...(isHttpsApp(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // The app embeds no cross-origin isolated content, and COEP would block Google's sign-in frame.
      crossOriginEmbedderPolicy: false,
      // Google sign-in opens a popup that must be able to message the opener back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HSTS means nothing over http and would only confuse a plain-http deployment.
      hsts: isHttpsApp(config),
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
