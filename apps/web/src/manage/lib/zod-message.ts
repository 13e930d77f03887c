import type { z } from 'zod';

/**
 * What the screens call the items of a list: an issue under optionGroups[1] is about "Group 2" as
 * the menu editor labels it, never "optionGroups.1".
 */
const ITEM_NAMES: Record<string, string> = {
  optionGroups: 'Group',
  options: 'Option',
  intervals: 'Opening time',
  holidays: 'Closure',
  special: 'Special hours',
  images: 'Image',
  attributes: 'Attribute',
  variants: 'Variant',
  hotspots: 'Hotspot',
  items: 'Item',
  lines: 'Line',
  rows: 'Row',
};

/** 'Group 2, option 1' for ['optionGroups', 1, 'options', 0, 'name']; '' without list items. */
export function issuePlace(path: readonly PropertyKey[]): string {
  const places: string[] = [];
  path.forEach((key, index) => {
    if (typeof key !== 'number') return;
    const list = path[index - 1];
    const name = typeof list === 'string' ? ITEM_NAMES[list] : undefined;
    if (name) places.push(`${places.length === 0 ? name : name.toLowerCase()} ${key + 1}`);
  });
  return places.join(', ');
}

/** A message as a sentence: capitalised, with its full stop. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * One readable line per problem the contract's schema found, written for the retailer reading the
 * form: the place in the form's own words ("Group 2: ..."), never a field path.
 */
export function issuesMessage(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const place = issuePlace(issue.path);
    return place ? `${place}: ${sentence(issue.message)}` : sentence(issue.message);
  });
  return [...new Set(lines)].join(' ');
}
