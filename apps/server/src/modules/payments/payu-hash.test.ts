import { describe, expect, it } from 'vitest';
import { hashesMatch, payuCommandHash, payuRequestHash, payuResponseHash } from './payu-hash.ts';

// PayU's own example (issue 5).
const example = {
  key: 'C0Dr8m',
  txnid: '12345',
  amount: '10',
  productinfo: 'Shopping',
  firstname: 'Test',
  email: 'test@test.com',
  udf: { udf2: 'abc', udf4: '15' },
};
const salt = '3sf0jURk';

describe('payuRequestHash', () => {
  it("matches PayU's test vector", () => {
    const hash = payuRequestHash(example, salt);
    expect(hash).toMatch(/^[0-9a-f]{128}$/);
    expect(hash.startsWith('ffcdbf04fa5b')).toBe(true);
    expect(hash.endsWith('3d43ba730ce')).toBe(true);
  });

  it('changes with any field or the salt', () => {
    const hash = payuRequestHash(example, salt);
    expect(payuRequestHash({ ...example, amount: '10.00' }, salt)).not.toBe(hash);
    expect(payuRequestHash({ ...example, udf: { udf2: 'abc', udf4: '16' } }, salt)).not.toBe(hash);
    expect(payuRequestHash(example, 'another')).not.toBe(hash);
  });
});

describe('payuResponseHash', () => {
  it('is the request fields reversed behind the salt and status', () => {
    const reversed = payuResponseHash({ ...example, status: 'success' }, salt);
    expect(reversed).toMatch(/^[0-9a-f]{128}$/);
    expect(reversed).not.toBe(payuRequestHash(example, salt));
    expect(payuResponseHash({ ...example, status: 'failure' }, salt)).not.toBe(reversed);
    // The same string with udf2 and udf4 swapped into each other's slots must not collide.
    expect(
      payuResponseHash({ ...example, status: 'success', udf: { udf2: '15', udf4: 'abc' } }, salt),
    ).not.toBe(reversed);
  });

  it('puts additional charges in front when PayU sends them', () => {
    const plain = payuResponseHash({ ...example, status: 'success' }, salt);
    const charged = payuResponseHash(
      { ...example, status: 'success', additionalCharges: '2.00' },
      salt,
    );
    expect(charged).not.toBe(plain);
    expect(payuResponseHash({ ...example, status: 'success', additionalCharges: '' }, salt)).toBe(
      plain,
    );
  });
});

describe('payuCommandHash and hashesMatch', () => {
  it('hashes key|command|var1|salt', () => {
    const hash = payuCommandHash('C0Dr8m', 'verify_payment', '12345', salt);
    expect(hash).toMatch(/^[0-9a-f]{128}$/);
    expect(payuCommandHash('C0Dr8m', 'verify_payment', '12346', salt)).not.toBe(hash);
    expect(payuCommandHash('C0Dr8m', 'capture_transaction', '12345', salt)).not.toBe(hash);
  });

  it('compares without regard to case and refuses any difference', () => {
    const hash = payuRequestHash(example, salt);
    expect(hashesMatch(hash, hash.toUpperCase())).toBe(true);
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    expect(hashesMatch(hash, flipped)).toBe(false);
    expect(hashesMatch(hash, hash.slice(0, -2))).toBe(false);
    expect(hashesMatch(hash, '')).toBe(false);
  });
});
