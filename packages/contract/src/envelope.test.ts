import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  envelopeSchema,
  fail,
  isSuccess,
  issueLine,
  ok,
  successEnvelopeSchema,
} from './envelope.ts';
import { pagesQuery, pagesResponse } from './schemas/cms.ts';
import { CMS_FIRST_PAGE, CMS_PAGE_SIZE } from './constants.ts';

describe('envelope (spec §3)', () => {
  it('builds success answers with only the given parts', () => {
    expect(ok({ message: 'done' })).toEqual({ status: 1, message: 'done' });
    expect(ok({ results: [1, 2] })).toEqual({ status: 1, results: [1, 2] });
  });

  it('builds failures with results.error and the activation flag', () => {
    expect(fail('nope')).toEqual({ status: 0, message: 'nope' });
    expect(fail('unverified', { showActivationLink: true })).toEqual({
      status: 0,
      message: 'unverified',
      showActivationLink: true,
    });
    expect(fail('bad', { error: 'bad' })).toEqual({
      status: 0,
      message: 'bad',
      results: { error: 'bad' },
    });
  });

  it('parses either shape and narrows on status', () => {
    const schema = envelopeSchema(successEnvelopeSchema({ result: z.object({ n: z.number() }) }));
    const good = schema.parse({ status: 1, result: { n: 2 } });
    expect(isSuccess(good)).toBe(true);
    const bad = schema.parse({ status: 0, message: 'x' });
    expect(isSuccess(bad)).toBe(false);
    expect(schema.safeParse({ status: 1 }).success).toBe(false);
    expect(schema.safeParse({ status: 2, message: 'x' }).success).toBe(false);
  });

  it('pages: page size 10 and page 1 by default (spec §9), bounded limit', () => {
    expect(pagesQuery.parse({})).toEqual({ page: CMS_FIRST_PAGE, limit: CMS_PAGE_SIZE });
    expect(pagesQuery.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 });
    const tooBig = pagesQuery.safeParse({ limit: '500' });
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toBe('limit must be at most 50');
    expect(
      pagesResponse.safeParse({
        status: 1,
        results: [{ _id: 'a', page_id: 'faq', page_name: 'FAQ' }],
      }).success,
    ).toBe(true);
  });

  it('puts the field before a short rule, never before a sentence written for people', () => {
    expect(issueLine('limit', 'limit must be at most 50')).toBe('limit: limit must be at most 50');
    expect(
      issueLine(
        'optionGroups.0.options.1.priceDeltaAmount',
        'An option cannot lower the price. Enter 0 or more.',
      ),
    ).toBe('An option cannot lower the price. Enter 0 or more.');
    expect(issueLine('', 'name is required')).toBe('name is required');
  });
});
