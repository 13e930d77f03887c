/**
 * The one place that writes to the console. Production builds are silent (spec §9: "In production,
 * console output is silenced"), so network failures are "logged only" (spec §8) during development.
 */
type LogFn = (...args: unknown[]) => void;

const noop: LogFn = () => undefined;

export interface Logger {
  debug: LogFn;
  warn: LogFn;
  error: LogFn;
}

export function createLogger(
  silent: boolean,
  sink: Pick<Console, 'debug' | 'warn' | 'error'> = console,
): Logger {
  if (silent) return { debug: noop, warn: noop, error: noop };
  return {
    debug: (...args) => sink.debug('[localmart]', ...args),
    warn: (...args) => sink.warn('[localmart]', ...args),
    error: (...args) => sink.error('[localmart]', ...args),
  };
}

export const logger: Logger = createLogger(import.meta.env.PROD);
