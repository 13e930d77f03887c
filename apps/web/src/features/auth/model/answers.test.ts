import { commonMessages } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { failureMessage, isDemoFallback } from './answers.ts';

describe('failure answers (spec §8)', () => {
  it("a network error (status 0) shows nothing; otherwise the server's message", () => {
    expect(
      failureMessage({ status: 0, message: commonMessages.genericFailure, httpStatus: 0 }),
    ).toBe(null);
    expect(failureMessage({ status: 0, message: 'Nope', httpStatus: 400 }, 'fallback')).toBe(
      'Nope',
    );
  });

  it('the fallback replaces the helper’s generic message and an empty one', () => {
    expect(
      failureMessage({ status: 0, message: commonMessages.genericFailure, httpStatus: 502 }, 'F'),
    ).toBe('F');
    expect(failureMessage({ status: 0, message: '' }, 'F')).toBe('F');
    expect(failureMessage({ status: 0, message: commonMessages.genericFailure })).toBe(
      commonMessages.genericFailure,
    );
  });

  it('falls back to the demo on HTTP 404 or 0 only', () => {
    expect(isDemoFallback({ status: 0, message: 'x', httpStatus: 404 })).toBe(true);
    expect(isDemoFallback({ status: 0, message: 'x', httpStatus: 0 })).toBe(true);
    expect(isDemoFallback({ status: 0, message: 'x', httpStatus: 401 })).toBe(false);
    expect(isDemoFallback({ status: 0, message: 'x' })).toBe(false);
  });
});
