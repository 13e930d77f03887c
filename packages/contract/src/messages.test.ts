import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/** Collect every string exported by the catalogue, deeply. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

const specMessages = fileURLToPath(
  new URL('../../../../shared/spec/messages.txt', import.meta.url),
);

describe('message catalogue', () => {
  const catalogue = strings([
    contract.labels,
    contract.validationMessages,
    contract.toastTitles,
    contract.toastMessages,
    contract.registrationSuccessful('Localmart'),
    contract.APP_VERSION,
  ]);

  it('keeps the spec typo and product greeting verbatim', () => {
    expect(contract.labels.forgotPasswordTitle).toBe('Fogot Password ?');
    expect(contract.registrationSuccessful('Localmart')).toBe(
      'Registration successful! Welcome to Localmart',
    );
  });

  // The spec lives beside the checkout (../shared); a clone without it still tests the rest.
  if (existsSync(specMessages))
    it('holds every fixed string of the spec', () => {
      const fixed = readFileSync(specMessages, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#'));
      const missing = fixed.filter(
        (message) => !catalogue.some((entry) => entry.includes(message)),
      );
      expect(missing).toEqual([]);
    });
});
