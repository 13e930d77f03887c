// The command line of `npm run db:seed` (seed.cli.ts), apart so it can be tested without running it.

const SCALES = ['small', 'bench'] as const;
type Scale = (typeof SCALES)[number];

/** A wrong command line: its message is all the user needs (no stack). */
export class UsageError extends Error {}

const USAGE = 'Usage: db:seed [--scale small|bench] [--demo-accounts]';

export interface SeedArgs {
  scale: Scale;
  /** --demo-accounts: create the demo accounts even in production. */
  demoAccounts: boolean;
}

export function parseSeedArgs(args: readonly string[]): SeedArgs {
  let scale: string = 'small';
  let demoAccounts = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--scale') scale = args[++i] ?? '';
    else if (arg.startsWith('--scale=')) scale = arg.slice('--scale='.length);
    else if (arg === '--demo-accounts') demoAccounts = true;
    else throw new UsageError(`Unknown argument "${arg}". ${USAGE}`);
  }
  if (!(SCALES as readonly string[]).includes(scale)) {
    throw new UsageError(`--scale must be one of ${SCALES.join(', ')} (got "${scale}")`);
  }
  return { scale: scale as Scale, demoAccounts };
}
