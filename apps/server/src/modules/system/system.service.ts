import type { AppDatabase } from '../../db/client.ts';

const PING_TIMEOUT_MS = 2_000;

/** Whether the database answers `SELECT 1` in time; a hung database must not hang the health check. */
export async function isDatabaseUp(
  database: AppDatabase,
  timeoutMs = PING_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function uptimeSeconds(): number {
  return Math.floor(process.uptime());
}
