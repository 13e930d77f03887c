/**
 * Postal code formats of the countries stores sign up from (the shopper's country list, countries.ts).
 * A store's address is printed on receipts and used by couriers, so a code that cannot exist in its
 * country ("zzz" in Canada) is refused with an example the owner recognises. Countries not listed
 * take any code of 2 to 12 letters, digits, spaces and dashes.
 */
interface PostalFormat {
  pattern: RegExp;
  example: string;
  /** What the country calls it, for the message. */
  noun: string;
  /** The code as printed: 'm5v2t6' -> 'M5V 2T6'. */
  normalise: (code: string) => string;
}

const upper = (code: string) => code.trim().toUpperCase().replace(/\s+/g, ' ');

const POSTAL_FORMATS: Record<string, PostalFormat> = {
  // Canada: A1A 1A1; D, F, I, O, Q and U are never used, W and Z never first.
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: 'M5V 2T6',
    noun: 'Canadian postal code',
    normalise: (code) => {
      const compact = code
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '');
      return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : upper(code);
    },
  },
  US: {
    pattern: /^\d{5}(?:-\d{4})?$/,
    example: '10001',
    noun: 'ZIP code',
    normalise: (code) => code.trim().replace(/\s+/g, ''),
  },
  GB: {
    pattern: /^(?:GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2})$/,
    example: 'SW1A 1AA',
    noun: 'UK postcode',
    normalise: (code) => {
      const compact = code.trim().toUpperCase().replace(/\s+/g, '');
      return compact.length >= 5 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : upper(code);
    },
  },
  IN: {
    pattern: /^[1-9]\d{5}$/,
    example: '110001',
    noun: 'PIN code',
    normalise: (code) => code.trim().replace(/\s+/g, ''),
  },
  AU: {
    pattern: /^\d{4}$/,
    example: '2000',
    noun: 'Australian postcode',
    normalise: (code) => code.trim(),
  },
};

const ANY_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/;

/** The code as the country prints it, or null when it cannot be a code of that country. */
export function normalisePostalCode(code: string, country: string): string | null {
  const format = POSTAL_FORMATS[country.toUpperCase()];
  if (!format) return ANY_CODE.test(code.trim()) ? upper(code) : null;
  const normal = format.normalise(code);
  return format.pattern.test(normal) ? normal : null;
}

/** The sentence shown when a code does not fit its country. */
export function postalCodeMessage(country: string): string {
  const format = POSTAL_FORMATS[country.toUpperCase()];
  return format
    ? `Enter a ${format.noun} like ${format.example}.`
    : 'Enter the postal code as it is written on mail, like 10115.';
}
