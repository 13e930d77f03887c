import {
  CART_LINE_MAX_QUANTITY,
  formatPrice,
  type MenuItem,
  type MenuItemOptionGroup,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { FavouriteButton } from '../../../components/lists/favourite-button.tsx';
import { AddToListButton } from '../../../components/lists/add-to-list-button.tsx';
import { DietaryTags, SOLD_OUT_LABEL } from '../../../components/catalog/food-item-card.tsx';
import { useAddToCartAction } from '../../../components/catalog/use-add-to-cart-action.ts';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import {
  canAddMore,
  choicesTotal,
  choicesValid,
  chosenIn,
  groupProblem,
  groupRuleLabel,
  isSingleChoice,
  NO_CHOICES,
  toggleOption,
  type OptionChoices,
} from '../model/option-choices.ts';

export const ADD_TO_ORDER_LABEL = 'Add to order';
export const TOTAL_LABEL = 'Total';
export const QUANTITY_LABEL = 'Quantity';
export const NOTE_LABEL = 'Special instructions (optional)';
/** The cart line's note limit (addCartItemRequest). */
const NOTE_MAX = 300;

function OptionGroupField({
  group,
  choices,
  onToggle,
  locale,
}: {
  group: MenuItemOptionGroup;
  choices: OptionChoices;
  onToggle: (optionId: string) => void;
  locale: string;
}) {
  const single = isSingleChoice(group);
  const chosen = chosenIn(group, choices);
  const full = !canAddMore(group, choices);
  const problem = groupProblem(group, choices);
  return (
    <fieldset className="lm-option-group">
      <legend className="lm-option-group-name">
        {group.name}
        <span className={problem ? 'lm-option-rule lm-option-rule-needed' : 'lm-option-rule'}>
          {groupRuleLabel(group)}
        </span>
      </legend>
      {group.options.map((option) => {
        const isChosen = chosen.includes(option.id);
        const delta = option.priceDelta.amount;
        return (
          <label key={option.id} className="lm-option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={group.id}
              value={option.id}
              checked={isChosen}
              // A checkbox past the group's maximum cannot be ticked until another is unticked.
              disabled={!single && full && !isChosen}
              onChange={() => onToggle(option.id)}
              // Tapping the chosen radio of an optional group clears it (onChange does not fire).
              onClick={() => {
                if (single && isChosen && group.minChoices === 0) onToggle(option.id);
              }}
            />
            <span className="lm-option-name">{option.name}</span>
            {delta !== 0 && (
              <span className="lm-option-delta">
                {delta > 0 ? '+' : '−'}
                {formatPrice({ ...option.priceDelta, amount: Math.abs(delta) }, locale)}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

export interface MenuItemSheetProps {
  item: MenuItem | null;
  onClose: () => void;
}

/**
 * A dish's options sheet: photo, description, each option group (radios when one may be chosen,
 * checkboxes up to the maximum otherwise), the running total, and Add to order, enabled once every
 * required group is satisfied. Keyed by the item so choices reset for each dish.
 */
export function MenuItemSheet({ item, onClose }: MenuItemSheetProps) {
  // While the sheet animates closed it keeps showing the dish it had, not an empty dialog; each
  // opening starts from fresh choices (a new `opening` remounts them).
  const [previous, setPrevious] = useState(item);
  const [shown, setShown] = useState(item);
  const [opening, setOpening] = useState(0);
  if (item !== previous) {
    setPrevious(item);
    if (item !== null) {
      setShown(item);
      setOpening((count) => count + 1);
    }
  }
  return (
    <AppModal
      isOpen={item !== null}
      title={shown?.name ?? ''}
      onClose={onClose}
      onDidDismiss={onClose}
    >
      {shown && <MenuItemChoices key={opening} item={shown} onDone={onClose} />}
    </AppModal>
  );
}

function MenuItemChoices({ item, onDone }: { item: MenuItem; onDone: () => void }) {
  const { country } = useCountry();
  const [choices, setChoices] = useState<OptionChoices>(NO_CHOICES);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const noteId = useId();
  const cart = useAddToCartAction();
  const valid = choicesValid(item.optionGroups, choices);
  const each = choicesTotal(item, choices);
  const total = formatPrice({ ...each, amount: each.amount * quantity }, country.locale);
  const firstProblem = item.optionGroups
    .map((group) => groupProblem(group, choices))
    .find((problem) => problem !== null);

  function addToOrder() {
    // Signed out, the login dialog replaces this sheet; signed in, a toast confirms the add.
    cart.add({
      kind: 'menu_item',
      itemId: item.id,
      quantity,
      optionIds: Object.values(choices).flat(),
      note: note.trim(),
    });
    onDone();
  }

  return (
    <div className="lm-item-sheet">
      {item.image && (
        <div className="lm-item-sheet-photo">
          <CatalogImage image={item.image} eager sizes="(min-width: 768px) 560px, 100vw" />
        </div>
      )}
      {item.description && <p className="lm-item-sheet-description">{item.description}</p>}
      <p className="lm-item-sheet-price">{formatPrice(item.price, country.locale)}</p>
      <div className="lm-list-actions">
        <FavouriteButton kind="dish" targetId={item.id} name={item.name} />
        <AddToListButton target={{ menuItemId: item.id }} name={item.name} />
      </div>
      <DietaryTags tags={item.dietaryTags} />
      {item.optionGroups.map((group) => (
        <OptionGroupField
          key={group.id}
          group={group}
          choices={choices}
          locale={country.locale}
          onToggle={(optionId) => setChoices((current) => toggleOption(group, current, optionId))}
        />
      ))}
      {item.available && (
        <div className="lm-item-sheet-extras">
          <div className="lm-field">
            <label className="lm-field-label" htmlFor={noteId}>
              {NOTE_LABEL}
            </label>
            <textarea
              id={noteId}
              className="lm-input lm-textarea"
              rows={2}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <QuantityStepper
            label={QUANTITY_LABEL}
            value={quantity}
            max={CART_LINE_MAX_QUANTITY}
            onChange={setQuantity}
          />
        </div>
      )}
      <div className="lm-item-sheet-footer">
        <p className="lm-item-sheet-total">
          <span>{TOTAL_LABEL}</span>{' '}
          <output aria-label={TOTAL_LABEL} aria-live="polite">
            {total}
          </output>
        </p>
        {item.available ? (
          <>
            {firstProblem && <p className="lm-item-sheet-hint">{firstProblem}</p>}
            <button
              type="button"
              className="lm-button lm-button-primary lm-item-sheet-add"
              disabled={!valid || cart.isPending}
              onClick={addToOrder}
            >
              {ADD_TO_ORDER_LABEL}
            </button>
          </>
        ) : (
          <p className="lm-sold-out lm-item-sheet-sold-out">{SOLD_OUT_LABEL} today</p>
        )}
      </div>
    </div>
  );
}
