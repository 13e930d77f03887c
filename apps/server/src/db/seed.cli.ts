// npm run db:seed [-- --scale small|bench] [--demo-accounts]: migrate, then load the demo content into
// the configured database (DATABASE_URL or DATA_DIR). Idempotent: pages are upserted by slug, city rows
// keep their ids. The demo owner and admin (a published password) are created too, except with
// NODE_ENV=production, where only --demo-accounts creates them.
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';
import { parseSeedArgs, UsageError } from './seed-args.ts';
import { seedDemoCity, seedDemoContent } from './seed.ts';

async function main(): Promise<void> {
  const { scale, demoAccounts: asked } = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const demoAccounts = asked || !config.isProduction;
  const database = await createDatabase(config);
  try {
    await database.migrate();
    const pages = await seedDemoContent(database.db, { appName: config.appName });
    const city = await seedDemoCity(database.db, scale, new Date(), { demoAccounts });
    console.log(
      `Seeded ${pages} CMS pages and the ${scale} demo city (${city.rows} rows in ` +
        `${(city.milliseconds / 1000).toFixed(1)} s) into ${database.kind}: ${database.location}`,
    );
    if (!demoAccounts) {
      console.log('Demo accounts left out (NODE_ENV=production); --demo-accounts adds them.');
    }
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
