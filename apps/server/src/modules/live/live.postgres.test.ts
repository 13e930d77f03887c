import { randomBytes } from 'node:crypto';
import { livePaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type AppDatabase, createDatabase, IN_MEMORY } from '../../db/client.ts';
import { testConfig } from '../../test/config.ts';
import { person } from '../manage/manage-test-support.ts';
import { openStream } from './live-test-support.ts';
import { publishLive, userAudience } from './publish-live.ts';

/**
 * Issue 14, must-show 4: on PostgreSQL, two server processes (two apps, each with its own pool and
 * its own LISTEN connection, on one database): an event committed through process 1 reaches a
 * client connected to process 2; a client that was disconnected meanwhile catches up (from either
 * process); and process 2 keeps delivering after its LISTEN connection is killed.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('live events across two processes on PostgreSQL', () => {
  const name = `lm_test_${randomBytes(8).toString('hex')}`;
  const databases: AppDatabase[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      const database = await createDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY });
      if (i === 0) await database.migrate();
      databases.push(database);
      const app = await buildApp(testConfig({ ROLE: 'api' }), { database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      apps.push(app);
      bases.push(`http://127.0.0.1:${address.port}`);
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('reaches a client of the other process, and a reconnecting client catches up', async () => {
    const [one] = apps as [FastifyInstance, FastifyInstance];
    const [baseOne, baseTwo] = bases as [string, string];
    const shopper = await person(one.db, new Date(), { name: 'Petra' });
    const path = livePaths.shopperEvents;
    const received = new Map<string, number>();
    const onTwo = await openStream(baseTwo, path, {
      token: shopper.token,
      onEvent: (event) => received.set(event.id, performance.now()),
    });
    const leaving = await openStream(baseTwo, path, { token: shopper.token });
    expect([onTwo.status, leaving.status]).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const publish = async (n: number) => {
      let id = '';
      await one.db.transaction(async (tx) => {
        id = await publishLive(tx, userAudience(shopper.userId), {
          kind: 'notification.created',
          notificationId: `n${n}`,
        });
      });
      return { id, committed: performance.now() };
    };

    const first = await publish(1);
    await leaving.received(1);
    leaving.close();
    const sent = [first];
    for (let n = 2; n <= 20; n += 1) sent.push(await publish(n));
    await onTwo.received(20);
    const latencies = sent.map(({ id, committed }) => received.get(id)! - committed);
    latencies.sort((a, b) => a - b);
    expect(onTwo.events.map((e) => e.id)).toEqual(sent.map((s) => s.id));

    // The client that left at event 1 comes back, to process 1 this time.
    const back = await openStream(baseOne, path, {
      token: shopper.token,
      lastEventId: first.id,
    });
    const caughtUp = await back.received(19);
    expect(caughtUp.map((e) => e.id)).toEqual(sent.slice(1).map((s) => s.id));

    // Both processes' LISTEN connections are killed: each listens again and sends what it missed.
    const killed = await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = '${name}' and query ilike 'LISTEN%'`,
    );
    const lost = await publish(21);
    await onTwo.received(21, 15_000);
    const restoredMs = performance.now() - lost.committed;
    expect(onTwo.events.at(-1)!.id).toBe(lost.id);
    await back.received(20);

    console.warn(
      `[must-show 4] 2 processes on PostgreSQL: 20 events committed on process 1, received on process 2 ` +
        `(commit -> receipt p50 ${latencies[9]!.toFixed(1)} ms, max ${latencies[19]!.toFixed(1)} ms); ` +
        `a client disconnected after event 1 reconnected to process 1 with Last-Event-ID and got the ` +
        `19 it missed, in order, then live ones; ${killed.rowCount} LISTEN connections killed: an event ` +
        `committed before they were back arrived ${restoredMs.toFixed(0)} ms after its commit`,
    );
    for (const stream of [onTwo, back]) stream.close();
  });
});
