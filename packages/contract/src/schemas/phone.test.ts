import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, optionalPhoneField, phoneMessages } from './phone.ts';

describe('the shopper phone number (issue 15)', () => {
  it('keeps numbers as people type them in E.164', () => {
    expect(normalisePhone('(416) 555-0123')).toBe('+14165550123');
    expect(normalisePhone('416.555.0123')).toBe('+14165550123');
    expect(normalisePhone('1 416 555 0123')).toBe('+14165550123');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(formatPhone('+14165550123')).toBe('+1 416 555 0123');
  });

  it('refuses what cannot be dialled, in words', () => {
    for (const bad of ['555-0123', 'call me', '+0 123', '123456789012345678', '(416) 555-01234']) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
    const parsed = optionalPhoneField.safeParse('12345');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(phoneMessages.invalid);
    expect(optionalPhoneField.parse('  ')).toBeNull();
  });
});
