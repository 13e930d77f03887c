import path from 'node:path';
import { DEFAULT_APP_NAME } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { serverRoot } from './paths.ts';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve(process.cwd(), 'data'),
      appUrl: 'http://localhost:3000',
      appOrigin: 'http://localhost:3000',
      appName: DEFAULT_APP_NAME,
      corsOrigins: [],
      cookieSecret: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      logLevel: 'info',
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      requestTimeoutMs: 30_000,
      rateLimitMultiplier: 1,
      mailFrom: '"Localmart" <no-reply@localhost>',
    });
    // Resolved from the server package, not from the current directory.
    expect(config.webDistDir).toBe(path.resolve(serverRoot, '../web/dist'));
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('resolves relative folders where npm was invoked (INIT_CWD), not in the workspace folder', () => {
    const config = loadConfig({ INIT_CWD: '/srv/localmart', WEB_DIST_DIR: 'web' });
    expect(config.dataDir).toBe('/srv/localmart/data');
    expect(config.webDistDir).toBe('/srv/localmart/web');
    expect(loadConfig({ INIT_CWD: '/srv/localmart', DATA_DIR: '/var/data' }).dataDir).toBe(
      '/var/data',
    );
  });

  it('derives APP_URL from PORT and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_URL: '', COOKIE_SECRET: '  ' });
    expect(config.appUrl).toBe('http://localhost:4100');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.cookieSecret).toBeUndefined();
  });

  it('parses and normalises the remaining variables', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://Shop.Example.com/',
      CORS_ORIGINS: 'https://admin.example.com, capacitor://localhost ,http://127.0.0.1:5173/',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/localmart',
      DATA_DIR: '/var/lib/localmart',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'silent',
      BODY_LIMIT_BYTES: '2048',
      WEB_DIST_DIR: 'public',
      ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
    });
    expect(config.isProduction).toBe(true);
    expect(config.appUrl).toBe('https://Shop.Example.com');
    expect(config.appOrigin).toBe('https://shop.example.com');
    expect(config.corsOrigins).toEqual([
      'https://admin.example.com',
      'capacitor://localhost',
      'http://127.0.0.1:5173',
    ]);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/localmart');
    expect(config.dataDir).toBe('/var/lib/localmart');
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(config.logLevel).toBe('silent');
    expect(config.bodyLimitBytes).toBe(2048);
    expect(config.webDistDir).toBe(path.resolve(process.cwd(), 'public'));
  });

  it('reads the rate-limit multiplier and the mail sender', () => {
    const config = loadConfig({
      RATE_LIMIT_MULTIPLIER: '50',
      APP_NAME: 'Corner "Shop"',
      APP_URL: 'https://shop.example.com',
    });
    expect(config.rateLimitMultiplier).toBe(50);
    expect(config.mailFrom).toBe('"Corner Shop" <no-reply@shop.example.com>');
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '0.5' }).rateLimitMultiplier).toBe(0.5);
    expect(loadConfig({ MAIL_FROM: 'Shop <hello@shop.example.com>' }).mailFrom).toBe(
      'Shop <hello@shop.example.com>',
    );
    expect(configError({ RATE_LIMIT_MULTIPLIER: '0' })).toMatch(
      /^Invalid configuration: RATE_LIMIT_MULTIPLIER must be a positive number/,
    );
    expect(configError({ RATE_LIMIT_MULTIPLIER: 'lots' })).toMatch(
      /^Invalid configuration: RATE_LIMIT_MULTIPLIER /,
    );
  });

  it('names a bad PORT in one line with the value given', () => {
    expect(configError({ PORT: 'abc' })).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
    );
    expect(configError({ PORT: '70000' })).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "70000")',
    );
  });

  it('names a bad DATABASE_URL without echoing its password', () => {
    const message = configError({ DATABASE_URL: 'mysql://admin:hunter2@db.example.com/shop' });
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/);
    expect(message).toContain('mysql://***@db.example.com/shop');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
  });

  it('names a short COOKIE_SECRET and never shows it', () => {
    const message = configError({ COOKIE_SECRET: 'too-short-secret' });
    expect(message).toBe(
      'Invalid configuration: COOKIE_SECRET must be at least 32 characters (got 16 characters)',
    );
  });

  it('moves the clock by CLOCK_OFFSET_MINUTES outside production only', () => {
    expect(loadConfig({}).clockOffsetMinutes).toBe(0);
    expect(loadConfig({ CLOCK_OFFSET_MINUTES: '-90' }).clockOffsetMinutes).toBe(-90);
    expect(configError({ CLOCK_OFFSET_MINUTES: '1.5' })).toMatch(
      /^Invalid configuration: CLOCK_OFFSET_MINUTES must be a whole number/,
    );
    expect(configError({ CLOCK_OFFSET_MINUTES: '20000' })).toMatch(
      /^Invalid configuration: CLOCK_OFFSET_MINUTES /,
    );
    expect(
      configError({
        NODE_ENV: 'production',
        CLOCK_OFFSET_MINUTES: '60',
        COOKIE_SECRET: 'x'.repeat(32),
        ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
      }),
    ).toMatch(/^Invalid configuration: CLOCK_OFFSET_MINUTES must not be set in production/);
  });

  describe('PayU', () => {
    const payu = {
      PAYU_KEY: 'C0Dr8m',
      PAYU_SALT: '3sf0jURk',
      PAYU_URL: 'https://test.payu.in/_payment',
      PAYU_API_URL: 'https://test.payu.in/merchant/postservice.php?form=2',
    };

    it('uses the embedded simulator when no PAYU_* variable is set', () => {
      expect(loadConfig({}).payu).toBeUndefined();
    });

    it('reads all four variables together', () => {
      expect(loadConfig(payu).payu).toEqual({
        key: 'C0Dr8m',
        salt: '3sf0jURk',
        paymentUrl: 'https://test.payu.in/_payment',
        apiUrl: 'https://test.payu.in/merchant/postservice.php?form=2',
      });
    });

    it('names every missing variable in one line when only some are set', () => {
      const message = configError({ PAYU_URL: payu.PAYU_URL, PAYU_SALT: payu.PAYU_SALT });
      expect(message).toBe(
        'Invalid configuration: PAYU_KEY, PAYU_API_URL must be set too (PayU needs PAYU_URL, PAYU_KEY, PAYU_SALT, PAYU_API_URL together; unset them all to use the embedded simulator)',
      );
      expect(message).not.toContain(payu.PAYU_SALT);
      expect(configError({ PAYU_KEY: payu.PAYU_KEY })).toMatch(
        /^Invalid configuration: PAYU_URL, PAYU_SALT, PAYU_API_URL must be set too/,
      );
    });

    it('refuses production without PayU, naming the four variables in one line', () => {
      const message = configError({ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) });
      expect(message).toBe(
        "Invalid configuration: PAYU_URL, PAYU_KEY, PAYU_SALT, PAYU_API_URL must be set in production (without them anyone can pay with the embedded PayU simulator's test card); ALLOW_PAYU_SIMULATOR_IN_PRODUCTION=true allows the simulator for a demo deployment",
      );
      // Only the explicit words for yes open it; anything else is not a yes.
      for (const no of ['false', '0', 'no', '']) {
        expect(
          configError({ NODE_ENV: 'production', ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: no }),
        ).toMatch(
          /^Invalid configuration: PAYU_URL, PAYU_KEY, PAYU_SALT, PAYU_API_URL must be set/,
        );
      }
      expect(
        configError({ NODE_ENV: 'production', ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'allow' }),
      ).toBe(
        'Invalid configuration: ALLOW_PAYU_SIMULATOR_IN_PRODUCTION must be true or false (got "allow")',
      );
    });

    it('runs production on real PayU, or on the simulator when a demo deployment allows it', () => {
      expect(loadConfig({ ...payu, NODE_ENV: 'production' }).payu?.paymentUrl).toBe(payu.PAYU_URL);
      const demo = loadConfig({
        NODE_ENV: 'production',
        ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
      });
      expect(demo.isProduction).toBe(true);
      expect(demo.payu).toBeUndefined();
      // With PayU configured the setting changes nothing: payments go to PayU.
      expect(
        loadConfig({ ...payu, NODE_ENV: 'production', ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true' })
          .payu?.paymentUrl,
      ).toBe(payu.PAYU_URL);
      // Outside production the simulator needs no permission.
      expect(loadConfig({ NODE_ENV: 'development' }).payu).toBeUndefined();
    });

    it('names a bad value and never shows the salt', () => {
      expect(configError({ ...payu, PAYU_URL: 'ftp://payu.example.com' })).toMatch(
        /^Invalid configuration: PAYU_URL must be PayU's payment URL/,
      );
      expect(configError({ ...payu, PAYU_API_URL: 'not a url' })).toMatch(
        /^Invalid configuration: PAYU_API_URL /,
      );
      expect(configError({ ...payu, PAYU_SALT: 'bad|salt' })).toBe(
        'Invalid configuration: PAYU_SALT must be the salt PayU gave you (no spaces or |) (got 8 characters)',
      );
    });
  });

  it('rejects other bad values by name', () => {
    expect(configError({ NODE_ENV: 'staging' })).toMatch(
      /^Invalid configuration: NODE_ENV must be one of/,
    );
    expect(configError({ REQUEST_TIMEOUT_MS: '50' })).toBe(
      'Invalid configuration: REQUEST_TIMEOUT_MS must be a whole number of milliseconds between 100 and 600000 (got "50")',
    );
    expect(configError({ TRUST_PROXY: 'maybe' })).toMatch(/^Invalid configuration: TRUST_PROXY /);
    expect(configError({ CORS_ORIGINS: 'https://ok.example.com,not an origin' })).toMatch(
      /^Invalid configuration: CORS_ORIGINS /,
    );
    expect(configError({ APP_URL: 'ftp://example.com' })).toMatch(
      /^Invalid configuration: APP_URL /,
    );
    expect(configError({ LOG_LEVEL: 'loud' })).toMatch(/^Invalid configuration: LOG_LEVEL /);
    expect(configError({ BODY_LIMIT_BYTES: '0' })).toMatch(
      /^Invalid configuration: BODY_LIMIT_BYTES /,
    );
  });

  it('reads ROLE: all by default, api or worker to split a scale-out, anything else refused', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
    expect(configError({ ROLE: 'both' })).toBe(
      'Invalid configuration: ROLE must be one of all, api, worker (got "both")',
    );
  });

  it('reads ADMIN_EMAILS as a normalised list and refuses a bad address', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ops@Shop.Example.com, ,admin@localmart.example ' }).adminEmails,
    ).toEqual(['ops@shop.example.com', 'admin@localmart.example']);
    expect(configError({ ADMIN_EMAILS: 'ops@shop.example.com, not-an-email' })).toBe(
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses such as ops@shop.example.com (got "ops@shop.example.com, not-an-email")',
    );
  });
});
