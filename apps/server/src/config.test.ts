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
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'silent',
      BODY_LIMIT_BYTES: '2048',
      WEB_DIST_DIR: 'public',
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
    expect(config.trustProxy).toBe(true);
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

  it('rejects other bad values by name', () => {
    expect(configError({ NODE_ENV: 'staging' })).toMatch(
      /^Invalid configuration: NODE_ENV must be one of/,
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
});
