// npm run db:migrate: apply pending migrations to the configured database (DATABASE_URL or DATA_DIR).
// The server also migrates at start; this is for deploy pipelines that migrate first.
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}: ${database.location})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
