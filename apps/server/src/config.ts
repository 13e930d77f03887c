import path from 'node:path';
import { DEFAULT_APP_NAME, normaliseRegistrationEmail } from '@localmart/contract';
import { z } from 'zod';
import { defaultWebDistDir } from './paths.ts';
import { parseTrustProxy, TRUST_PROXY_HELP, type TrustProxy } from './plugins/trust-proxy.ts';

/**
 * Server configuration: read from the environment once at start-up and checked with zod, so a bad
 * value stops the server with one line naming the variable instead of failing later, somewhere else.
 */

/** A start-up configuration problem; `message` is the one line to show the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What one process does: `all` = API and job workers (`npm start`); `api` = no workers; `worker` = workers and /health. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const MAX_BODY_LIMIT_BYTES = 100 * 1024 * 1024;

// Issue messages are worded to follow the variable's name: "PORT must be ...".
function integerBetween(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message });
}

function urlWithProtocols(protocols: readonly string[], message: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: message },
  );
}

const booleanWords: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

function booleanString(message: string) {
  return z
    .string()
    .transform((value) => value.toLowerCase())
    .refine((value) => value in booleanWords, { error: message })
    .transform((value) => booleanWords[value] === true);
}

/**
 * An origin is scheme://host[:port] with no path. Built by hand rather than with `URL.origin`,
 * which is "null" for non-web schemes such as the iOS shell's capacitor://localhost.
 */
function normaliseOrigin(value: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s@]+)\/?$/i.exec(value.trim());
  if (!match) return undefined;
  return `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}`;
}

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every((entry) => normaliseOrigin(entry) !== undefined), {
    error: 'must be a comma-separated list of origins such as https://shop.example.com',
  })
  .transform((entries) => entries.map((entry) => normaliseOrigin(entry)!));

/** Comma-separated email addresses, compared as registration stores them (lower-case, no spaces). */
const emailList = z
  .string()
  .transform((value) => value.split(',').map(normaliseRegistrationEmail).filter(Boolean))
  .refine((entries) => entries.every((entry) => /^[^@]+@[^@]+\.[^@]+$/.test(entry)), {
    error: 'must be a comma-separated list of email addresses such as ops@shop.example.com',
  });

const envSchema = z.object({
  NODE_ENV: z
    .enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` })
    .default('development'),
  PORT: integerBetween(0, 65535, 'must be an integer between 0 and 65535').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// URL such as postgres://user@127.0.0.1:5432/localmart',
  ).optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL').optional(),
  APP_NAME: z
    .string()
    .max(60, { error: 'must be at most 60 characters' })
    .default(DEFAULT_APP_NAME),
  CORS_ORIGINS: originList.default([]),
  COOKIE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  // http is allowed so tests can point it at a local signer
  GOOGLE_JWKS_URL: urlWithProtocols(
    ['http:', 'https:'],
    'must be an http:// or https:// URL',
  ).default(GOOGLE_JWKS_URL),
  REDIS_URL: urlWithProtocols(
    ['redis:', 'rediss:'],
    'must be a redis:// or rediss:// URL',
  ).optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).default('all'),
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: integerBetween(
    1,
    MAX_BODY_LIMIT_BYTES,
    `must be a whole number of bytes between 1 and ${MAX_BODY_LIMIT_BYTES}`,
  ).default(1_048_576),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = /^(true|yes)$/i.test(value) ? undefined : parseTrustProxy(value);
      if (trust === undefined) {
        ctx.issues.push({ code: 'custom', message: TRUST_PROXY_HELP, input: value });
        return z.NEVER;
      }
      return trust;
    })
    .default(false),
  // Longest time a client may take to send one whole request (headers and body): a client that
  // dribbles its body is cut off with 408 instead of holding a connection for minutes.
  REQUEST_TIMEOUT_MS: integerBetween(
    100,
    600_000,
    'must be a whole number of milliseconds between 100 and 600000',
  ).default(30_000),
  // How long a request waits for PayU after an order change before it answers; the call goes on
  // and is retried from payment_actions if it fails (issue 13: never a slow call inside a request).
  PROVIDER_WAIT_MS: integerBetween(
    100,
    60_000,
    'must be a whole number of milliseconds between 100 and 60000',
  ).default(3_000),
  // Scales every limit of modules/rate-limit/rate-limit-rules.ts; the e2e suite signs up many users
  // from one address and raises it.
  RATE_LIMIT_MULTIPLIER: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: 'must be a positive number such as 1 or 50' })
    .transform(Number)
    .refine((n) => n > 0 && n <= 100_000, { error: 'must be a positive number such as 1 or 50' })
    .default(1),
  // The From header of every email; defaults to "APP_NAME <no-reply@host of APP_URL>".
  MAIL_FROM: z.string().max(320, { error: 'must be at most 320 characters' }).optional(),
  // Moves the app's clock (demos and the browser suite: same-day delivery cut-offs and opening hours
  // need a known time of day). Refused in production.
  CLOCK_OFFSET_MINUTES: z
    .string()
    .regex(/^-?\d+$/, { error: 'must be a whole number of minutes between -10080 and 10080' })
    .transform(Number)
    .refine((n) => Math.abs(n) <= 10_080, {
      error: 'must be a whole number of minutes between -10080 and 10080',
    })
    .default(0),
  // Platform admins (Manage Your Store approvals, CMS editing): granted on sign-in once verified.
  ADMIN_EMAILS: emailList.default([]),
  // PayU (modules/payments): all four together, or none for the embedded simulator.
  PAYU_KEY: z
    .string()
    .regex(/^[^|\s]{1,100}$/, { error: 'must be the merchant key PayU gave you (no spaces or |)' })
    .optional(),
  PAYU_SALT: z
    .string()
    .regex(/^[^|\s]{1,200}$/, { error: 'must be the salt PayU gave you (no spaces or |)' })
    .optional(),
  PAYU_URL: urlWithProtocols(
    ['http:', 'https:'],
    "must be PayU's payment URL such as https://secure.payu.in/_payment",
  ).optional(),
  PAYU_API_URL: urlWithProtocols(
    ['http:', 'https:'],
    "must be PayU's merchant API URL such as https://info.payu.in/merchant/postservice.php?form=2",
  ).optional(),
  // Production refuses to start without PayU: the simulator takes anyone's test card and places
  // real orders. A demo deployment says so out loud. Ignored outside production or with PayU set.
  ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: booleanString('must be true or false').default(false),
  // Web Push (modules/notifications): the server's VAPID key pair, both or neither (neither: a pair
  // is generated on first start and kept in the database), and the contact push services see.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, {
      error:
        'must be a VAPID public key: 87 base64url characters (npx web-push generate-vapid-keys)',
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      error:
        'must be a VAPID private key: 43 base64url characters (npx web-push generate-vapid-keys)',
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, {
      error: 'must be a mailto: address or an https:// URL',
    })
    .optional(),
  // Tests run a push service on 127.0.0.1 over http; never in production (SSRF guard).
  PUSH_ALLOW_INSECURE_LOOPBACK: booleanString('must be true or false').default(false),
  // Scheduled feed fetch (docs/decisions/0023): tests and development serve a feed file from
  // 127.0.0.1 over http; never in production (SSRF guard, as for push endpoints).
  FEED_URL_ALLOW_INSECURE_LOOPBACK: booleanString('must be true or false').default(false),
});

/** PayU's variables: set all together (real PayU) or none (the embedded simulator). */
const PAYU_VARIABLES = ['PAYU_URL', 'PAYU_KEY', 'PAYU_SALT', 'PAYU_API_URL'] as const;

export type EnvVariable = keyof typeof envSchema.shape;
export const ENV_VARIABLES = Object.keys(envSchema.shape) as EnvVariable[];

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** Absolute path; a relative DATA_DIR is taken from where the command was run (INIT_CWD or cwd). */
  dataDir: string;
  /** Public URL of the app without a trailing slash; links in emails are built on it. */
  appUrl: string;
  /** scheme://host[:port] of `appUrl`: always an allowed CORS origin. */
  appOrigin: string;
  appName: string;
  /** Extra allowed CORS origins, normalised. */
  corsOrigins: readonly string[];
  /** When unset, a generated secret is kept in the database (see plugins/cookies.ts). */
  cookieSecret: string | undefined;
  smtpUrl: string | undefined;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  redisUrl: string | undefined;
  logLevel: LogLevel;
  /** ROLE: whether this process serves the API, runs the job workers, or both (modules/jobs). */
  role: Role;
  /** Absolute path of the built web app served in production. */
  webDistDir: string;
  bodyLimitBytes: number;
  /** Which X-Forwarded-For hops to believe (plugins/trust-proxy.ts); false = none. */
  trustProxy: TrustProxy;
  /** Longest time to receive one whole request, headers and body (see app.ts serverTimeouts). */
  requestTimeoutMs: number;
  providerWaitMs: number;
  /** Multiplies every rate limit (1 in production; the e2e suite raises it). */
  rateLimitMultiplier: number;
  /** From header of outgoing mail. */
  mailFrom: string;
  /** Minutes added to the real time by the app's clock; always 0 in production. */
  clockOffsetMinutes: number;
  /**
   * Real PayU when PAYU_URL is set; undefined = the embedded simulator (modules/payments), which
   * production allows only with ALLOW_PAYU_SIMULATOR_IN_PRODUCTION=true.
   */
  payu: PayuConfig | undefined;
  /**
   * ADMIN_EMAILS, normalised: a user whose verified email is listed gets the `admin` role when they
   * sign in, verify their email or sign in with Google. Removing an address does not revoke the role.
   */
  adminEmails: readonly string[];
  /** Configured VAPID keys; undefined = generated on first start and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID contact: VAPID_SUBJECT, or mailto: the no-reply address on APP_URL's host. */
  vapidSubject: string;
  /** Push endpoints on loopback over http are allowed (tests only; false in production). */
  pushAllowInsecureLoopback: boolean;
  /** Feed addresses on loopback over http are allowed (tests and development; false in production). */
  feedUrlAllowInsecureLoopback: boolean;
}

export interface PayuConfig {
  key: string;
  salt: string;
  /** Hosted checkout: the browser posts the payment form here. */
  paymentUrl: string;
  /** Merchant API (verify_payment, capture, cancel, refund), called server to server. */
  apiUrl: string;
}

/** Variables whose value may carry a secret: never echoed whole in an error line. */
const SENSITIVE: ReadonlySet<EnvVariable> = new Set([
  'DATABASE_URL',
  'COOKIE_SECRET',
  'SMTP_URL',
  'REDIS_URL',
  'PAYU_SALT',
  'VAPID_PRIVATE_KEY',
]);

/** Secrets that are not URLs: only their length is ever shown. */
const OPAQUE_SECRETS: ReadonlySet<string> = new Set([
  'COOKIE_SECRET',
  'PAYU_SALT',
  'VAPID_PRIVATE_KEY',
]);

function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (OPAQUE_SECRETS.has(name)) return `${value.length} characters`;
  const shown = SENSITIVE.has(name as EnvVariable)
    ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1***@')
    : value;
  return JSON.stringify(shown);
}

/**
 * Parse and check the environment. Empty values count as unset (a `FOO=` line in a compose file or
 * `DATABASE_URL: ''` in a test harness means "use the default").
 * @throws ConfigError with one line naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given: Partial<Record<EnvVariable, string>> = {};
  for (const name of ENV_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') given[name] = value.trim();
  }

  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${describeValue(name, given[name as EnvVariable])})`,
    );
  }
  const e = parsed.data;
  const payu = payuConfig(e);
  if (e.NODE_ENV === 'production' && !payu && !e.ALLOW_PAYU_SIMULATOR_IN_PRODUCTION) {
    throw new ConfigError(
      `Invalid configuration: ${PAYU_VARIABLES.join(', ')} must be set in production (without them anyone can pay with the embedded PayU simulator's test card); ALLOW_PAYU_SIMULATOR_IN_PRODUCTION=true allows the simulator for a demo deployment`,
    );
  }
  if (e.NODE_ENV === 'production' && e.CLOCK_OFFSET_MINUTES !== 0) {
    throw new ConfigError(
      'Invalid configuration: CLOCK_OFFSET_MINUTES must not be set in production (it moves the clock every deadline is measured on)',
    );
  }
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_INSECURE_LOOPBACK) {
    throw new ConfigError(
      'Invalid configuration: PUSH_ALLOW_INSECURE_LOOPBACK must not be set in production (it lets push addresses point at this machine)',
    );
  }
  if (e.NODE_ENV === 'production' && e.FEED_URL_ALLOW_INSECURE_LOOPBACK) {
    throw new ConfigError(
      'Invalid configuration: FEED_URL_ALLOW_INSECURE_LOOPBACK must not be set in production (it lets feed addresses point at this machine)',
    );
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      `Invalid configuration: ${e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} must be set too (set both VAPID keys, or neither to use a generated pair)`,
    );
  }
  // Relative folders are resolved where the command was typed: npm runs workspace scripts inside the
  // package folder but records the caller's folder in INIT_CWD, so `npm run db:seed` and `npm start`
  // from the repository root agree on one ./data.
  const baseDir = env.INIT_CWD ?? process.cwd();

  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    appUrl,
    appOrigin: new URL(appUrl).origin,
    appName: e.APP_NAME,
    corsOrigins: e.CORS_ORIGINS,
    cookieSecret: e.COOKIE_SECRET,
    smtpUrl: e.SMTP_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : defaultWebDistDir,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    providerWaitMs: e.PROVIDER_WAIT_MS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(e.APP_NAME, appUrl),
    clockOffsetMinutes: e.CLOCK_OFFSET_MINUTES,
    payu,
    adminEmails: e.ADMIN_EMAILS,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(appUrl).hostname}`,
    pushAllowInsecureLoopback: e.PUSH_ALLOW_INSECURE_LOOPBACK,
    feedUrlAllowInsecureLoopback: e.FEED_URL_ALLOW_INSECURE_LOOPBACK,
  };
}

/** Half a PayU setup would silently send payments to the simulator, or fail at the first payment. */
function payuConfig(
  e: Pick<z.output<typeof envSchema>, (typeof PAYU_VARIABLES)[number]>,
): PayuConfig | undefined {
  const { PAYU_KEY: key, PAYU_SALT: salt, PAYU_URL: paymentUrl, PAYU_API_URL: apiUrl } = e;
  if (key && salt && paymentUrl && apiUrl) return { key, salt, paymentUrl, apiUrl };
  const missing = PAYU_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length === PAYU_VARIABLES.length) return undefined;
  throw new ConfigError(
    `Invalid configuration: ${missing.join(', ')} must be set too (PayU needs ${PAYU_VARIABLES.join(', ')} together; unset them all to use the embedded simulator)`,
  );
}

/** `"Localmart" <no-reply@shop.example.com>`: the app's name, quoted, on the app's own host. */
function defaultMailFrom(appName: string, appUrl: string): string {
  const name = appName.replace(/["\\\r\n]/g, '');
  return `"${name}" <no-reply@${new URL(appUrl).hostname}>`;
}

/** Whether cookies must carry `Secure`: only when the app is served over https. */
export function isHttpsApp(config: Pick<Config, 'appUrl'>): boolean {
  return config.appUrl.startsWith('https://');
}
