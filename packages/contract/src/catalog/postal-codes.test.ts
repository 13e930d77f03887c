import { describe, expect, it } from 'vitest';
import { normalisePostalCode, postalCodeMessage } from './postal-codes.ts';
import { timeZoneChoices, timeZoneForAddress } from './time-zones.ts';

describe('postal codes by country', () => {
  it('accepts real formats and prints them as the country does', () => {
    expect(normalisePostalCode('m5v2t6', 'CA')).toBe('M5V 2T6');
    expect(normalisePostalCode(' M5V-2T6 ', 'ca')).toBe('M5V 2T6');
    expect(normalisePostalCode('10001-1234', 'US')).toBe('10001-1234');
    expect(normalisePostalCode('sw1a1aa', 'GB')).toBe('SW1A 1AA');
    expect(normalisePostalCode('110001', 'IN')).toBe('110001');
    expect(normalisePostalCode('2000', 'AU')).toBe('2000');
    expect(normalisePostalCode('10115', 'DE')).toBe('10115');
  });

  it('refuses codes that cannot exist there, with an example of the right one', () => {
    expect(normalisePostalCode('zzz', 'CA')).toBeNull();
    // D is never used in Canadian codes.
    expect(normalisePostalCode('D5V 2T6', 'CA')).toBeNull();
    expect(normalisePostalCode('1234', 'US')).toBeNull();
    expect(normalisePostalCode('-', 'DE')).toBeNull();
    expect(postalCodeMessage('CA')).toBe('Enter a Canadian postal code like M5V 2T6.');
    expect(postalCodeMessage('US')).toBe('Enter a ZIP code like 10001.');
  });
});

describe('time zone of an address', () => {
  it('follows the province or state, typed as a code or a name', () => {
    expect(timeZoneForAddress('CA', 'BC')).toBe('America/Vancouver');
    expect(timeZoneForAddress('ca', 'Ontario')).toBe('America/Toronto');
    expect(timeZoneForAddress('US', 'CA')).toBe('America/Los_Angeles');
    expect(timeZoneForAddress('GB', 'London')).toBe('Europe/London');
    expect(timeZoneForAddress('ZZ', '')).toBeNull();
  });

  it('lists the likely zone first, then every zone once', () => {
    const choices = timeZoneChoices(['America/Vancouver']);
    expect(choices[0]).toBe('America/Vancouver');
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices).toContain('Europe/Paris');
  });
});
