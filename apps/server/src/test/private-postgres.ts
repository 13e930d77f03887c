import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A private PostgreSQL cluster for tests that stop and start the database (issue 13, must show 4):
 * initdb and pg_ctl from this machine's PostgreSQL, its own temporary folder and port, fsync off.
 * initdb refuses root, so as root the cluster runs as the `postgres` user (runuser).
 */

const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<version>/bin holding pg_ctl, or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export const POSTGRES_BIN_MISSING =
  'initdb/pg_ctl not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)';

/** A port nobody listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> (trust authentication). */
  url(database?: string): string;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop with this shutdown mode, waiting until it is down. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stop it (immediate) and remove its folder. */
  dispose(): Promise<void>;
}

/** initdb a fresh cluster in a temporary folder on a free port, and start it. */
export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const asRoot = process.getuid?.() === 0;
  const pg = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    await (asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args));
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'localmart-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pgCtl = (...args: string[]) =>
    pg('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      ...args,
    ]);
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  await pgCtl('start');
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pgCtl('start'),
    stop: (mode = 'fast') => pgCtl('stop', '-m', mode),
    async dispose() {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
