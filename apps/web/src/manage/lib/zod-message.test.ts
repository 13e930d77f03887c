import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuePlace, issuesMessage } from './zod-message.ts';

describe('messages for retailers', () => {
  it('names a list item as the screen does, never by its field path', () => {
    expect(issuePlace(['optionGroups', 1, 'maxChoices'])).toBe('Group 2');
    expect(issuePlace(['optionGroups', 0, 'options', 2, 'name'])).toBe('Group 1, option 3');
    expect(issuePlace(['name'])).toBe('');
  });

  it('writes each problem as a sentence, with its place when it has one', () => {
    const schema = z.object({
      name: z.string().min(1, { error: 'name is required' }),
      optionGroups: z.array(z.object({ maxChoices: z.number().max(2, { error: 'Too many.' }) })),
    });
    const result = schema.safeParse({
      name: '',
      optionGroups: [{ maxChoices: 1 }, { maxChoices: 5 }],
    });
    expect(result.success).toBe(false);
    expect(issuesMessage(result.error!)).toBe('Name is required. Group 2: Too many.');
  });
});
