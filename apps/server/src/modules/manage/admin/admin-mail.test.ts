import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { adminMailJobsResponse, adminMessages, managePaths } from '@localmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { startSmtpSink, waitFor } from '../../../test/smtp.ts';
import { uniqueEmail } from '../../../test/accounts.ts';
import { manageClient, person, type Person } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

for (const backend of testDatabases()) {
  describe(`mail in trouble for support on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    let admin: Person;
    let shopper: Person;
    let port: number;
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

    beforeAll(async () => {
      admin = await person(getDb().db, new Date(), { admin: true, name: 'Ada' });
      shopper = await person(getDb().db, new Date(), { name: 'Sam' });
      port = await freePort();
    });
    afterAll(async () => {
      await sink?.close();
    });

    it('a mail SMTP keeps refusing is listed given up, with its error; retry sends it once SMTP is back', async () => {
      const app = await makeApp({
        env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
        // Two attempts, one second apart, then given up.
        jobs: { pollingIntervalSeconds: 0.5, mailRetry: { limit: 1, delaySeconds: 1 } },
      });
      const to = uniqueEmail('undeliverable');
      expect(
        await app.mailer.send({ to, subject: 'Order ready', text: 'secret body', html: '' }),
      ).toBe(true);

      const api = manageClient(app, admin);
      const listed = await waitFor(async () => {
        const response = await api.get(managePaths.adminMailJobs);
        const body = adminMailJobsResponse.parse(response.json());
        return body.results.find((row) => row.to === to && row.status === 'failed');
      }, 15_000);
      expect(listed).toMatchObject({ subject: 'Order ready', attempts: 2, nextAttemptAt: null });
      expect(listed.lastError).toMatch(/ECONNREFUSED/);
      expect(JSON.stringify(listed)).not.toContain('secret body');

      // Shoppers and store owners see none of it.
      expect((await manageClient(app, shopper).get(managePaths.adminMailJobs)).statusCode).toBe(
        403,
      );
      expect(
        (await manageClient(app, shopper).post(managePaths.adminMailJobRetry(listed.id)))
          .statusCode,
      ).toBe(403);

      sink = await startSmtpSink(port);
      const retried = await api.post(managePaths.adminMailJobRetry(listed.id));
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toEqual({ status: 1, message: adminMessages.mailJobQueued });
      const received = await waitFor(() => sink!.received.find((m) => m.to.includes(to)));
      expect(received.raw).toContain('secret body');

      await waitFor(async () => {
        const body = adminMailJobsResponse.parse((await api.get(managePaths.adminMailJobs)).json());
        return body.results.every((row) => row.to !== to) || undefined;
      });
      // Sent: nothing left to retry.
      const again = await api.post(managePaths.adminMailJobRetry(listed.id));
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ status: 0, message: adminMessages.mailJobNotFound });
      expect((await api.post(managePaths.adminMailJobRetry(UNKNOWN_ID))).statusCode).toBe(404);
    }, 40_000);
  });
}
