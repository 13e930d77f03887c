import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** SMTP stand-ins for mail tests (smtp-server), and a poll for what the mail worker delivers. */

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on 127.0.0.1 (on `listenOn`, or any free port) that keeps every message it is given (no TLS, no auth needed). */
export async function startSmtpSink(listenOn = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Poll until `found` answers something (mail is delivered by the queue's worker, not the request). */
export async function waitFor<T>(
  found: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await found();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text of a raw message with quoted-printable soft line breaks ("=\r\n") undone. */
export function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '');
}
