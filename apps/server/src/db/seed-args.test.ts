import { describe, expect, it } from 'vitest';
import { parseSeedArgs, UsageError } from './seed-args.ts';

describe('db:seed arguments', () => {
  it('defaults to the small city without forcing demo accounts', () => {
    expect(parseSeedArgs([])).toEqual({ scale: 'small', demoAccounts: false });
  });

  it('reads the scale in both spellings and --demo-accounts', () => {
    expect(parseSeedArgs(['--scale', 'bench'])).toEqual({ scale: 'bench', demoAccounts: false });
    expect(parseSeedArgs(['--scale=bench', '--demo-accounts'])).toEqual({
      scale: 'bench',
      demoAccounts: true,
    });
  });

  it('refuses an unknown scale or argument with the usage', () => {
    expect(() => parseSeedArgs(['--scale', 'huge'])).toThrow(UsageError);
    expect(() => parseSeedArgs(['--admins'])).toThrow(/Usage: db:seed/);
  });
});
