import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registrationRequest } from './auth.ts';
import { businessContactRequest } from '../catalog/schemas/contact.ts';
import { menuItemCreateRequest } from '../manage/catalog-editing.ts';
import {
  fieldLabel,
  INT4_MAX,
  inputMessages,
  int4,
  safeText,
  unlabelledUnsafeText,
  unsafeTextReason,
} from './safe-input.ts';

describe('safeText', () => {
  it('refuses a NUL and half a surrogate pair, and keeps every other character', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('control');
    expect(unsafeTextReason('x\uD83D')).toBe('broken');
    expect(unsafeTextReason('\uDE00x')).toBe('broken');
    expect(unsafeTextReason('café 😀 \t\n\u0001')).toBeUndefined();
    expect(safeText().safeParse('😀').success).toBe(true);
  });

  it('words the problem for a person, with the label when the schema has one', () => {
    const labelled = safeText(undefined, { label: 'your message' }).safeParse('hi\u0000');
    expect(labelled.error?.issues[0]?.message).toBe(
      'Remove the invisible control character from your message.',
    );
    const plain = z.object({ businessName: safeText() }).safeParse({ businessName: '\uD800' });
    const issue = plain.error!.issues[0]!;
    expect(issue.message).toBe(inputMessages.brokenCharacter('this field'));
    // The server names an unlabelled field from its key, in words.
    expect(unlabelledUnsafeText(issue)).toEqual({ unsafe: 'broken' });
    expect(fieldLabel(issue.path)).toBe('the business name');
    expect(fieldLabel(['items', 0, 'first_name'])).toBe('the first name');
    expect(fieldLabel([])).toBe('this field');
  });

  it('is what the public forms use', () => {
    const registration = registrationRequest.safeParse({
      first_name: 'Sam\u0000',
      last_name: 'Shopper',
      email: 'sam@example.com',
      password: 'maple-syrup-42',
    });
    expect(registration.success).toBe(false);
    const contact = businessContactRequest.safeParse({
      name: 'Sam',
      email: 'sam@example.com',
      message: 'Open today?\u0000 thanks',
    });
    expect(contact.error?.issues[0]?.message).toBe(inputMessages.controlCharacter('your message'));
  });
});

describe('integers and amounts fit their columns', () => {
  it('int4 takes the PostgreSQL integer range and no more', () => {
    expect(int4('the quantity').safeParse(INT4_MAX).success).toBe(true);
    expect(int4('the quantity').safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe(
      inputMessages.tooLarge('the quantity', INT4_MAX),
    );
    expect(int4().safeParse(-2_147_483_649).success).toBe(false);
  });

  it('a menu item priced 2147483648 is refused in words', () => {
    const result = menuItemCreateRequest.safeParse({ name: 'Gold', priceAmount: 2_147_483_648 });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      inputMessages.amountTooLarge,
    );
  });
});
