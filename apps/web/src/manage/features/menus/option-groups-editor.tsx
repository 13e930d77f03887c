import {
  type MenuItemOptionGroup,
  type MenuOptionGroupEdit,
  parseMoney,
} from '@localmart/contract';
import { moneyInputText } from '../../lib/money-input.ts';
import '../../components/buttons.css';
import '../../components/catalog-editor.css';

/**
 * The option groups of a dish as the form holds them: typed text, so a half-typed price or count
 * stays on screen; `toGroupEdits` turns them into the request shape (the contract's zod then says
 * what is wrong, e.g. more choices allowed than options offered).
 */
export interface OptionDraft {
  key: string;
  id?: string;
  name: string;
  price: string;
}
export interface GroupDraft {
  key: string;
  id?: string;
  name: string;
  minChoices: string;
  maxChoices: string;
  options: OptionDraft[];
}

let nextKey = 0;
const newKey = () => `draft-${(nextKey += 1)}`;

export function emptyOption(): OptionDraft {
  return { key: newKey(), name: '', price: '0.00' };
}

export function emptyGroup(): GroupDraft {
  return { key: newKey(), name: '', minChoices: '0', maxChoices: '1', options: [emptyOption()] };
}

/** Stored groups (prices in minor units) as form drafts. */
export function groupDrafts(groups: readonly MenuItemOptionGroup[]): GroupDraft[] {
  return groups.map((group) => ({
    key: newKey(),
    id: group.id,
    name: group.name,
    minChoices: String(group.minChoices),
    maxChoices: String(group.maxChoices),
    options: group.options.map((option) => ({
      key: newKey(),
      id: option.id,
      name: option.name,
      price: moneyInputText(option.priceDelta.amount, option.priceDelta.currency),
    })),
  }));
}

/** A count as typed: a whole number, or NaN so the schema reports it. */
function count(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Drafts in the request shape; an unreadable price is the error message instead. */
export function toGroupEdits(
  drafts: readonly GroupDraft[],
  currency: string,
): MenuOptionGroupEdit[] | string {
  const groups: MenuOptionGroupEdit[] = [];
  for (const draft of drafts) {
    const options = [];
    for (const option of draft.options) {
      const amount = parseMoney(option.price || '0', currency);
      if (amount === null) {
        return `Price of option "${option.name || 'unnamed'}" in ${draft.name || 'a group'} is not a price.`;
      }
      options.push({
        ...(option.id ? { id: option.id } : {}),
        name: option.name,
        priceDeltaAmount: amount,
      });
    }
    groups.push({
      ...(draft.id ? { id: draft.id } : {}),
      name: draft.name,
      minChoices: count(draft.minChoices),
      maxChoices: count(draft.maxChoices),
      options,
    });
  }
  return groups;
}

export function OptionGroupsEditor({
  groups,
  onChange,
}: {
  groups: GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
}) {
  const setGroup = (index: number, change: Partial<GroupDraft>) =>
    onChange(groups.map((group, i) => (i === index ? { ...group, ...change } : group)));
  const setOption = (groupIndex: number, optionIndex: number, change: Partial<OptionDraft>) =>
    setGroup(groupIndex, {
      options: groups[groupIndex]!.options.map((option, i) =>
        i === optionIndex ? { ...option, ...change } : option,
      ),
    });

  return (
    <div className="ce-option-groups">
      <h3>Options</h3>
      {groups.length === 0 ? (
        <p className="ce-muted">No options: the dish is ordered as it is.</p>
      ) : null}
      {groups.map((group, groupIndex) => {
        const n = groupIndex + 1;
        const required = count(group.minChoices) >= 1;
        return (
          <fieldset key={group.key} className="ce-group">
            <legend>Option group {n}</legend>
            <div className="ce-inline">
              <label className="mys-field">
                Group {n} name
                <input
                  value={group.name}
                  placeholder="Size, Toppings…"
                  onChange={(event) => setGroup(groupIndex, { name: event.target.value })}
                />
              </label>
              <label className="ce-check">
                <input
                  type="checkbox"
                  checked={required}
                  onChange={(event) =>
                    setGroup(groupIndex, {
                      minChoices: event.target.checked
                        ? String(Math.max(1, count(group.minChoices) || 0))
                        : '0',
                    })
                  }
                />
                Group {n} required
              </label>
              <label className="mys-field">
                Group {n} minimum choices
                <input
                  inputMode="numeric"
                  value={group.minChoices}
                  onChange={(event) => setGroup(groupIndex, { minChoices: event.target.value })}
                />
              </label>
              <label className="mys-field">
                Group {n} maximum choices
                <input
                  inputMode="numeric"
                  value={group.maxChoices}
                  onChange={(event) => setGroup(groupIndex, { maxChoices: event.target.value })}
                />
              </label>
            </div>
            {group.options.map((option, optionIndex) => {
              const m = optionIndex + 1;
              return (
                <div key={option.key} className="ce-option">
                  <label className="mys-field">
                    Group {n} option {m} name
                    <input
                      value={option.name}
                      onChange={(event) =>
                        setOption(groupIndex, optionIndex, { name: event.target.value })
                      }
                    />
                  </label>
                  <label className="mys-field">
                    Group {n} option {m} extra price
                    <input
                      inputMode="decimal"
                      value={option.price}
                      onChange={(event) =>
                        setOption(groupIndex, optionIndex, { price: event.target.value })
                      }
                    />
                  </label>
                  <button
                    type="button"
                    className="mys-plain-button mys-plain-button-small"
                    aria-label={`Remove group ${n} option ${m}`}
                    disabled={group.options.length === 1}
                    onClick={() =>
                      setGroup(groupIndex, {
                        options: group.options.filter((_, i) => i !== optionIndex),
                      })
                    }
                  >
                    Remove
                  </button>
                </div>
              );
            })}
            <div className="ce-row-actions">
              <button
                type="button"
                className="mys-plain-button mys-plain-button-small"
                onClick={() => setGroup(groupIndex, { options: [...group.options, emptyOption()] })}
              >
                Add option to group {n}
              </button>
              <button
                type="button"
                className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
                onClick={() => onChange(groups.filter((_, i) => i !== groupIndex))}
              >
                Remove group {n}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="mys-plain-button"
        onClick={() => onChange([...groups, emptyGroup()])}
      >
        Add option group
      </button>
    </div>
  );
}
