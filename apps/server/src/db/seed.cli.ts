// npm run db:seed [-- --scale small|bench]: migrate, then load the demo content into the configured
// database (DATABASE_URL or DATA_DIR). Idempotent: pages are upserted by slug, city rows keep their ids.
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';
import { seedDemoCity, seedDemoContent } from './seed.ts';

const SCALES = ['small', 'bench'] as const;
type Scale = (typeof SCALES)[number];

class UsageError extends Error {}

function parseScale(args: readonly string[]): Scale {
  let scale: string = 'small';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--scale') scale = args[++i] ?? '';
    else if (arg.startsWith('--scale=')) scale = arg.slice('--scale='.length);
    else throw new UsageError(`Unknown argument "${arg}". Usage: db:seed [--scale small|bench]`);
  }
  if (!(SCALES as readonly string[]).includes(scale)) {
    throw new UsageError(`--scale must be one of ${SCALES.join(', ')} (got "${scale}")`);
  }
  return scale as Scale;
}

async function main(): Promise<void> {
  const scale = parseScale(process.argv.slice(2));
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.migrate();
    const pages = await seedDemoContent(database.db, { appName: config.appName });
    const city = await seedDemoCity(database.db, scale);
    console.log(
      `Seeded ${pages} CMS pages and the ${scale} demo city (${city.rows} rows in ` +
        `${(city.milliseconds / 1000).toFixed(1)} s) into ${database.kind}: ${database.location}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exit(1);
});
