import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';

describe('logger', () => {
  it('writes nothing when silent (production builds, spec §9)', () => {
    const sink = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = createLogger(true, sink);
    log.debug('a');
    log.warn('b');
    log.error('c');
    expect(sink.debug).not.toHaveBeenCalled();
    expect(sink.warn).not.toHaveBeenCalled();
    expect(sink.error).not.toHaveBeenCalled();
  });

  it('forwards to the console otherwise, tagged', () => {
    const sink = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = createLogger(false, sink);
    const failure = new Error('boom');
    log.error('request failed', failure);
    expect(sink.error).toHaveBeenCalledWith('[localmart]', 'request failed', failure);
  });
});
