import type { MenuItem, MenuItemOptionGroup, Money } from '@localmart/contract';

/**
 * The diner's choices for one menu item: option ids per option group. Pure functions, so the rules
 * (radio for single choice, min/max enforced, the running total) are tested without a screen.
 */
export type OptionChoices = Readonly<Record<string, readonly string[]>>;

export const NO_CHOICES: OptionChoices = {};

/** A group with maxChoices 1 is a radio group: choosing one replaces the other. */
export function isSingleChoice(group: MenuItemOptionGroup): boolean {
  return group.maxChoices === 1;
}

export function chosenIn(group: MenuItemOptionGroup, choices: OptionChoices): readonly string[] {
  return choices[group.id] ?? [];
}

/**
 * Toggle one option. A radio group swaps to it (and cannot be emptied by tapping again when it is
 * required); a checkbox group adds it only while under maxChoices, so the limit cannot be passed.
 */
export function toggleOption(
  group: MenuItemOptionGroup,
  choices: OptionChoices,
  optionId: string,
): OptionChoices {
  const current = chosenIn(group, choices);
  const isChosen = current.includes(optionId);
  let next: readonly string[];
  if (isSingleChoice(group)) {
    if (isChosen) next = group.minChoices > 0 ? current : [];
    else next = [optionId];
  } else if (isChosen) {
    next = current.filter((id) => id !== optionId);
  } else if (current.length >= group.maxChoices) {
    return choices;
  } else {
    // Kept in menu order, so the summary reads as the menu does.
    const wanted = new Set([...current, optionId]);
    next = group.options.filter((option) => wanted.has(option.id)).map((option) => option.id);
  }
  return { ...choices, [group.id]: next };
}

/** Whether another option of a checkbox group can still be ticked. */
export function canAddMore(group: MenuItemOptionGroup, choices: OptionChoices): boolean {
  return chosenIn(group, choices).length < group.maxChoices;
}

/** 'Required · Choose 1', 'Optional · Choose up to 3', 'Required · Choose 2 to 4'. */
export function groupRuleLabel(group: MenuItemOptionGroup): string {
  const { minChoices: min, maxChoices: max } = group;
  const need = min > 0 ? 'Required' : 'Optional';
  let rule: string;
  if (min === max) rule = `Choose ${max}`;
  else if (min === 0) rule = max === 1 ? 'Choose 1' : `Choose up to ${max}`;
  else rule = `Choose ${min} to ${max}`;
  return `${need} · ${rule}`;
}

/** What is still missing in a group, or null when its choices are valid. */
export function groupProblem(group: MenuItemOptionGroup, choices: OptionChoices): string | null {
  const count = chosenIn(group, choices).length;
  if (count < group.minChoices) {
    const missing = group.minChoices - count;
    return `Choose ${missing} more for ${group.name}`;
  }
  if (count > group.maxChoices) return `Choose at most ${group.maxChoices} for ${group.name}`;
  return null;
}

export function choicesValid(groups: readonly MenuItemOptionGroup[], choices: OptionChoices) {
  return groups.every((group) => groupProblem(group, choices) === null);
}

/** Item price plus every chosen option's delta, in the item's currency (minor units, exact). */
export function choicesTotal(
  item: Pick<MenuItem, 'price' | 'optionGroups'>,
  choices: OptionChoices,
) {
  let amount = item.price.amount;
  for (const group of item.optionGroups) {
    const chosen = new Set(chosenIn(group, choices));
    for (const option of group.options) {
      if (chosen.has(option.id)) amount += option.priceDelta.amount;
    }
  }
  return { amount, currency: item.price.currency } satisfies Money;
}
