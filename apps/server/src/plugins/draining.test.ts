import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { apiPaths, commonMessages, ok } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';

const SLOW = '/api/v1/test/slow';

describe('graceful shutdown', () => {
  const database = useTestDatabase(pgliteBackend);

  it('finishes the request in flight and answers a late one with the 503 envelope', async () => {
    let release!: () => void;
    let markStarted!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const app = await buildApp(testConfig(), {
      database: database(),
      routes: async (routes) => {
        routes.get(SLOW, async () => {
          markStarted();
          await gate;
          return ok({ message: 'slow done' });
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // One keep-alive connection: the slow request, then (pipelined, after close began) a late one.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write(`GET ${SLOW} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await started;

    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(`GET ${apiPaths.health} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await closing;
    if (!socket.closed) await once(socket, 'close');

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('"message":"slow done"');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/connection: close/i);
    expect(second).toContain(
      JSON.stringify({ status: 0, message: commonMessages.serviceUnavailable }),
    );
  });
});
