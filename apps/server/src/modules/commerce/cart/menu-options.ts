import type { ChosenOption, MenuItemOptionGroup } from '@localmart/contract';

/** Either way `options` are the chosen ids the item still has, in menu order. */
export type ResolvedOptions = { ok: boolean; options: ChosenOption[] };

/**
 * The shopper's option ids checked against the item's current option groups: every id must name an
 * option of the item (once), and each group's count must sit within its min and max. Answers the
 * chosen options in menu order, so the same choice always reads the same way.
 */
export function resolveOptions(
  groups: readonly MenuItemOptionGroup[],
  optionIds: readonly string[],
): ResolvedOptions {
  const wanted = new Set(optionIds);
  let ok = wanted.size === optionIds.length;
  const options: ChosenOption[] = [];
  for (const group of groups) {
    const chosen = group.options.filter((option) => wanted.has(option.id));
    if (chosen.length < group.minChoices || chosen.length > group.maxChoices) ok = false;
    for (const option of chosen) {
      wanted.delete(option.id);
      options.push({
        groupId: group.id,
        groupName: group.name,
        optionId: option.id,
        name: option.name,
        priceDelta: option.priceDelta,
      });
    }
  }
  return { ok: ok && wanted.size === 0, options };
}

/** The line key of a choice: equal choices, in any order, make the same key. */
export function optionsKey(optionIds: readonly string[]): string {
  return [...optionIds].sort().join(',');
}
