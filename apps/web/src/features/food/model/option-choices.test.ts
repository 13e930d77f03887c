import { describe, expect, it } from 'vitest';
import { margherita, sizeGroup, toppingsGroup, uuid } from '../test/fixtures.ts';
import {
  choicesTotal,
  choicesValid,
  groupProblem,
  groupRuleLabel,
  NO_CHOICES,
  toggleOption,
} from './option-choices.ts';

const [small, medium, large] = sizeGroup.options.map((option) => option.id) as [
  string,
  string,
  string,
];
const [pepperoni, mushrooms, olives] = toppingsGroup.options.map((option) => option.id) as [
  string,
  string,
  string,
];

describe('option choices', () => {
  it('a single-choice group swaps its choice, and a required one cannot be emptied', () => {
    let choices = toggleOption(sizeGroup, NO_CHOICES, small);
    choices = toggleOption(sizeGroup, choices, large);
    expect(choices[sizeGroup.id]).toEqual([large]);
    expect(toggleOption(sizeGroup, choices, large)[sizeGroup.id]).toEqual([large]);
  });

  it('an optional single-choice group can be cleared by choosing its option again', () => {
    const optional = { ...sizeGroup, id: uuid(99), minChoices: 0 };
    const chosen = toggleOption(optional, NO_CHOICES, medium);
    expect(toggleOption(optional, chosen, medium)[optional.id]).toEqual([]);
  });

  it('a multi-choice group stops at maxChoices, keeps menu order, and unticks', () => {
    let choices = toggleOption(toppingsGroup, NO_CHOICES, olives);
    choices = toggleOption(toppingsGroup, choices, pepperoni);
    expect(choices[toppingsGroup.id]).toEqual([pepperoni, olives]);
    expect(toggleOption(toppingsGroup, choices, mushrooms)).toBe(choices);
    expect(toggleOption(toppingsGroup, choices, pepperoni)[toppingsGroup.id]).toEqual([olives]);
  });

  it('is valid only when every required group has its minimum', () => {
    expect(choicesValid(margherita.optionGroups, NO_CHOICES)).toBe(false);
    expect(groupProblem(sizeGroup, NO_CHOICES)).toBe('Choose 1 more for Size');
    const withSize = toggleOption(sizeGroup, NO_CHOICES, small);
    expect(choicesValid(margherita.optionGroups, withSize)).toBe(true);
    const tooMany = { ...withSize, [toppingsGroup.id]: [pepperoni, mushrooms, olives] };
    expect(groupProblem(toppingsGroup, tooMany)).toBe('Choose at most 2 for Extra toppings');
    expect(choicesValid(margherita.optionGroups, tooMany)).toBe(false);
  });

  it('totals the price and the chosen deltas exactly, in minor units', () => {
    expect(choicesTotal(margherita, NO_CHOICES)).toEqual({ amount: 1600, currency: 'CAD' });
    let choices = toggleOption(sizeGroup, NO_CHOICES, medium);
    choices = toggleOption(toppingsGroup, choices, pepperoni);
    choices = toggleOption(toppingsGroup, choices, mushrooms);
    expect(choicesTotal(margherita, choices)).toEqual({
      amount: 1600 + 400 + 250 + 200,
      currency: 'CAD',
    });
  });

  it('describes each rule', () => {
    expect(groupRuleLabel(sizeGroup)).toBe('Required · Choose 1');
    expect(groupRuleLabel(toppingsGroup)).toBe('Optional · Choose up to 2');
    expect(groupRuleLabel({ ...toppingsGroup, minChoices: 1, maxChoices: 3 })).toBe(
      'Required · Choose 1 to 3',
    );
  });
});
