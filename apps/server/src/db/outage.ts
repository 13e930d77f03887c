/**
 * A database that cannot be reached is an outage, not a bug: every request that needs it answers 503
 * with Retry-After (plugins/errors.ts), and the log says so once when it starts and once when the
 * database is back, with how long it lasted and how many requests were turned away, instead of an
 * error with a stack per request.
 */

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Error codes that mean "the database is not there": node's socket errors and PostgreSQL's
 * connection exceptions (class 08), operator intervention (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now) and 53300 too many connections.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** Also raised by a client's own socket (an upload cut off): counted only inside a query error. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** node-postgres's and PGlite's words for a connection that is gone or never came. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection terminated due to connection timeout|PGlite is closed)/;

/** Drizzle wraps driver errors in "Failed query: ..." errors whose `cause` is the driver's. */
const MAX_DEPTH = 5;

/** Whether `error`, or an error it wraps, says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (depth > 0 && RESET_CODES.has(code)) return true;
  }
  if (UNREACHABLE_MESSAGES.test(error.message)) return true;
  // localhost resolving to both ::1 and 127.0.0.1: one refusal per address.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}

interface OutageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface DatabaseOutage {
  /** A request could not reach the database and was answered 503. */
  requestRefused(error: unknown): void;
  /** Background work (a sweep, a job) could not reach it: starts the outage, counts no request. */
  backgroundFailed(error: unknown): void;
  /** Whether an outage is going on (first refusal seen, database not yet answering again). */
  readonly active: boolean;
  /** Stop watching (app closing). */
  stop(): void;
}

export interface DatabaseOutageOptions {
  log: OutageLog;
  /** Resolves once the database answers (`SELECT 1`). */
  ping: () => Promise<void>;
  /** How often the database is tried during an outage. */
  probeIntervalMs?: number;
  now?: () => number;
}

/**
 * Tracks one outage at a time: the first refused request logs a warning and starts pinging the
 * database every second; the first ping that succeeds logs how long it lasted and how many requests
 * were answered 503.
 */
export function databaseOutage({
  log,
  ping,
  probeIntervalMs = 1_000,
  now = Date.now,
}: DatabaseOutageOptions): DatabaseOutage {
  let since: number | undefined;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  const probe = async () => {
    if (probing || since === undefined) return;
    probing = true;
    try {
      await ping();
    } catch {
      return;
    } finally {
      probing = false;
    }
    const seconds = Math.round((now() - since) / 100) / 10;
    log.info(
      { outageSeconds: seconds, refusedRequests: refused },
      `database back after ${seconds} s, ${refused} requests answered 503`,
    );
    since = undefined;
    refused = 0;
    clearInterval(timer);
    timer = undefined;
  };

  const start = (error: unknown) => {
    if (since !== undefined) return;

    since = now();
    // The driver's own error, not drizzle's "Failed query: ..." wrapper (it quotes the parameters).
    let cause: unknown = error;
    for (let i = 0; i < MAX_DEPTH && cause instanceof Error && cause.cause instanceof Error; i += 1)
      cause = cause.cause;
    const reason =
      cause instanceof Error
        ? `${'code' in cause && cause.code ? `${String(cause.code)} ` : ''}${cause.message}`
        : String(cause);
    log.warn(
      { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      'database unreachable: answering 503 with Retry-After until it is back',
    );
    timer = setInterval(() => void probe(), probeIntervalMs);
    timer.unref();
  };

  return {
    requestRefused(error) {
      refused += 1;
      start(error);
    },
    backgroundFailed(error) {
      start(error);
    },
    get active() {
      return since !== undefined;
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
