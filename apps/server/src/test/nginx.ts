import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './private-postgres.ts';

/**
 * Debian's nginx as the load balancer of the scale-out test (issue 13, must show 3): a generated
 * config in a temporary folder (its own pid file, logs and temp paths), on a free loopback port, in
 * the foreground as a child of the test, no root needed.
 */

export const NGINX = '/usr/sbin/nginx';

/**
 * nginx at /usr/sbin/nginx: as root on a machine without it, installed with apt-get (as .ci/run does);
 * otherwise an Error whose message is the one line saying what to install.
 */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${NGINX} is missing: apt-get install nginx (as root), then run the test again`,
    );
  }
  console.warn('== nginx missing: apt-get install -y nginx');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, stdio: 'inherit' });
  if (!existsSync(NGINX)) throw new Error(`apt-get install nginx did not install ${NGINX}`);
}

export interface RunningNginx {
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** Access log lines: `status upstream_addr upstream_status method uri`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx balancing `upstreams` (host:port) round robin. A request that cannot reach one (refused,
 * reset before an answer, 502) is passed to the next: always for GET, for POST only when nothing was
 * sent yet (nginx never replays a non-idempotent request an upstream may have acted on; the client
 * sees that one as a 502, as a real one would).
 */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'localmart-nginx-'));
  const temp = path.join(dir, 'temp');
  mkdirSync(temp);
  // Worker processes run as nobody when the master is root: they write request bodies here.
  chmodSync(dir, 0o755);
  chmodSync(temp, 0o777);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`)
    .join('\n');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format balance '$status $upstream_addr $upstream_status $request_method $uri';
  access_log ${path.join(dir, 'access.log')} balance;
${tempPaths}
  upstream localmart {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://localmart;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`);
    try {
      await fetch(`${baseUrl}/nginx-started`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    baseUrl,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    errorLog: () => read('error.log') + output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}
