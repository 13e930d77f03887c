import { describe, expect, it } from 'vitest';
import { assertSuccess, resultOf, resultsOf } from './api-answer.ts';

describe('API answer checks', () => {
  it('hands back the result or results of a success', () => {
    expect(resultOf({ status: 1, result: { id: 'a' } })).toEqual({ id: 'a' });
    expect(resultsOf({ status: 1, results: [1, 2] })).toEqual([1, 2]);
    expect(() => assertSuccess({ status: 1 })).not.toThrow();
  });

  it("throws the server's sentence on a failure", () => {
    expect(() => resultOf({ status: 0, message: 'That store is paused.' })).toThrow(
      'That store is paused.',
    );
    expect(() => resultsOf({ status: 0, message: 'Sign in again.' })).toThrow('Sign in again.');
    expect(() => assertSuccess({ status: 0 })).toThrow('Something went wrong. Please try again.');
  });
});
