import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { apiPaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, serverTimeouts } from '../app.ts';
import { csrfHeaders } from '../test/app.ts';
import { testConfig } from '../test/config.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';

/**
 * A client that sends its request slowly (slowloris) must not hold a connection: with
 * REQUEST_TIMEOUT_MS the server answers 408 and closes the socket once the whole request has not
 * arrived in time, however steadily the bytes trickle in.
 */

const TIMEOUT_MS = 500;

interface Dribble {
  /** Everything the server sent back. */
  received: string;
  /** Milliseconds from the first byte sent to the socket closing. */
  closedAfterMs: number;
  /** Bytes the client managed to send before it was cut off. */
  bytesSent: number;
}

/** Send `head` at once, then one byte of `rest` every 50 ms until the server closes the socket. */
async function dribble(port: number, head: string, rest: string): Promise<Dribble> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const startedAt = performance.now();
  const closed = once(socket, 'close');
  socket.write(head);
  let bytesSent = head.length;
  let next = 0;
  const timer = setInterval(() => {
    if (next >= rest.length || socket.destroyed) return;
    socket.write(rest[next++]!);
    bytesSent += 1;
  }, 50);
  // The test's own guard: far beyond the configured timeout.
  const guard = setTimeout(() => socket.destroy(), 10_000);
  await closed;
  clearInterval(timer);
  clearTimeout(guard);
  return { received, closedAfterMs: performance.now() - startedAt, bytesSent };
}

describe('request timeout (REQUEST_TIMEOUT_MS)', () => {
  const database = useTestDatabase(pgliteBackend);
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function listen(): Promise<number> {
    app = await buildApp(testConfig({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) }), {
      database: database(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }

  it('cuts off a client that sends its headers and then dribbles the body: 408, socket closed', async () => {
    const port = await listen();
    // A request the CSRF check lets through, so the server really waits for the body.
    const csrf = Object.entries(await csrfHeaders(app!))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    const head =
      `POST ${apiPaths.login} HTTP/1.1\r\nHost: localhost\r\n` +
      `${csrf}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await dribble(port, head, body);
    console.warn(
      `dribbled body: cut off after ${Math.round(result.closedAfterMs)} ms (timeout ${TIMEOUT_MS} ms), ` +
        `${result.bytesSent - head.length} of ${body.length} body bytes sent`,
    );
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(result.closedAfterMs).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(result.bytesSent - head.length).toBeLessThan(body.length);
  });

  it('cuts off a client that dribbles its headers', async () => {
    const port = await listen();
    const head = `GET ${apiPaths.health} HTTP/1.1\r\n`;
    const rest = 'Host: localhost\r\n' + 'X-Slow: ' + 'a'.repeat(200) + '\r\n\r\n';
    const result = await dribble(port, head, rest);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('still answers a request sent at a normal pace', async () => {
    const port = await listen();
    const response = await fetch(`http://127.0.0.1:${port}${apiPaths.health}`);
    expect(response.status).toBe(200);
  });

  it('defaults: 30 s per request, 10 s for the headers, checked every second', () => {
    const config = testConfig();
    expect(config.requestTimeoutMs).toBe(30_000);
    expect(serverTimeouts(config.requestTimeoutMs)).toEqual({
      requestTimeout: 30_000,
      connectionTimeout: 120_000,
      keepAliveTimeout: 72_000,
      http: { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 },
    });
  });
});
