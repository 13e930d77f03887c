import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@localmart/contract';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** Ask the OS for a free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...rest } = env;
  return rest;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * How long a server may take to answer its health check. A first start seeds the demo city into a
 * fresh PGlite; three servers start at once on a 2-core CI runner that is also building, which took
 * close to a minute when the machine was busy. E2E_SERVER_START_LIMIT_MS gives a machine shared
 * with other heavy work longer (three first starts took over two minutes at a load of 20).
 */
const SERVER_START_LIMIT_MS = Number(process.env.E2E_SERVER_START_LIMIT_MS) || 120_000;

/**
 * Start the production build (server + built web app, one process, one port) on a fresh embedded
 * database in a temporary folder, and wait for the first healthy answer. NODE_ENV is left to the
 * server's default, as `npm start` does, so dev-only mail reading works (see global-setup.ts).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { appUrlHost?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localmart-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // APP_URL may name another host than the one the browser uses (issue 12: the app opened at
  // 127.0.0.1 while APP_URL says localhost must still pay).
  const appUrl = `http://${options.appUrlHost ?? '127.0.0.1'}:${port}`;
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...withoutNodeEnv(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: appUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseUrl}${apiPaths.health}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy within ${SERVER_START_LIMIT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
