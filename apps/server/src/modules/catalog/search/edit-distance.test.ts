import { describe, expect, it } from 'vitest';
import { osaDistance } from './edit-distance.ts';
import { isCorrectable, maxEditsFor, queryWords } from './query-words.ts';
import { pickCorrection } from './typo-correction.ts';

describe('osaDistance', () => {
  it.each([
    ['milk', 'milk', 0],
    ['mlik', 'milk', 1], // one swap of neighbours
    ['milk', 'silk', 1],
    ['milk', 'mil', 1],
    ['milk', 'milky', 1],
    ['bread', 'braed', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // OSA, not unrestricted Damerau (which gives 2)
    ['café', 'cafe', 1], // code points: é is one letter
    ['', 'abc', 3],
  ])('%s -> %s is %i', (a, b, expected) => {
    expect(osaDistance(a, b)).toBe(expected);
    expect(osaDistance(b, a)).toBe(expected);
  });

  it('answers limit + 1 as soon as the distance is known to exceed the limit', () => {
    expect(osaDistance('kitten', 'sitting', 1)).toBe(2);
    expect(osaDistance('a', 'abcdef', 2)).toBe(3);
    expect(osaDistance('mlik', 'milk', 1)).toBe(1);
  });
});

describe('queryWords', () => {
  it('lower-cases and splits on anything but letters and digits', () => {
    expect(queryWords("  Organic 2% MILK & o'Brien's  ")).toEqual([
      'organic',
      '2',
      'milk',
      'o',
      'brien',
      's',
    ]);
    expect(queryWords('Crème brûlée')).toEqual(['crème', 'brûlée']);
  });

  it('drops tsquery operators: they only separate words', () => {
    expect(queryWords("milk:* & !bread | (eggs) <-> 'x'")).toEqual(['milk', 'bread', 'eggs', 'x']);
    expect(queryWords('&|!')).toEqual([]);
  });
});

describe('edit budget', () => {
  it('allows no edit below 4 letters, one for 4-5, two from 6', () => {
    expect([3, 4, 5, 6, 9].map((n) => maxEditsFor('a'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
  });

  it('corrects letter words only', () => {
    expect(isCorrectable('mlik')).toBe(true);
    expect(isCorrectable('500ml')).toBe(false);
    expect(isCorrectable('ab')).toBe(false);
  });
});

describe('pickCorrection', () => {
  const candidate = (word: string, frequency = 1, similarity = 0.1) => ({
    word,
    frequency,
    similarity,
  });

  it('takes the fewest edits first, then the commoner word, then the more similar', () => {
    expect(pickCorrection('mlik', [candidate('mild', 50), candidate('milk', 3)])).toBe('milk');
    expect(pickCorrection('mlik', [candidate('milk', 3), candidate('mink', 1)])).toBe('milk');
    expect(pickCorrection('bred', [candidate('bread', 2), candidate('bled', 9)])).toBe('bled');
    expect(pickCorrection('bred', [candidate('bread', 2, 0.2), candidate('breed', 2, 0.5)])).toBe(
      'breed',
    );
  });

  it('breaks full ties alphabetically, whatever the candidates order', () => {
    const tied = [candidate('bled', 2, 0.3), candidate('bead', 2, 0.3)];
    expect(pickCorrection('bed', tied)).toBeNull(); // 3 letters: no edit budget
    expect(pickCorrection('beld', tied)).toBe('bead');
    expect(pickCorrection('beld', [...tied].reverse())).toBe('bead');
  });

  it('refuses candidates beyond the budget', () => {
    expect(pickCorrection('mlki', [candidate('milk', 99)])).toBeNull(); // 2 edits for 4 letters
    expect(pickCorrection('tomatoe', [candidate('tomato')])).toBe('tomato');
    expect(pickCorrection('tmaotos', [candidate('tomatoes')])).toBeNull();
  });
});
