import {
  DIETARY_TAG_LABELS,
  DIETARY_TAGS,
  type DietaryTag,
  type ImageRef,
  type ManagedMenuItem,
  type MenuItemCreateRequest,
  menuItemCreateRequest,
  parseMoney,
} from '@localmart/contract';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { TextAreaField, TextField } from '../../components/text-fields.tsx';
import {
  type GroupDraft,
  groupDrafts,
  OptionGroupsEditor,
  toGroupEdits,
} from './option-groups-editor.tsx';
import { useDialogSave } from '../../lib/use-dialog-save.ts';
import { moneyInputText } from '../../lib/money-input.ts';
import '../../components/catalog-editor.css';

/**
 * Add or edit a dish: name, description, price, dietary tags, photo, availability and its option
 * groups. The body is checked with the contract's schema before it is sent, so the owner reads
 * "The maximum number of choices cannot be more than the number of options." without a round trip.
 */
export function MenuItemDialog({
  businessId,
  currency,
  item,
  onSave,
  onCancel,
}: {
  businessId: string;
  currency: string;
  /** null: a new dish. */
  item: ManagedMenuItem | null;
  onSave: (body: MenuItemCreateRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? moneyInputText(item.priceAmount, item.currency) : '');
  const [tags, setTags] = useState<DietaryTag[]>(item?.dietaryTags ?? []);
  const [available, setAvailable] = useState(item?.available ?? true);
  const [image, setImage] = useState<ImageRef | null>(item?.image ?? null);
  const [groups, setGroups] = useState<GroupDraft[]>(() => groupDrafts(item?.optionGroups ?? []));
  const { busy, error, setError, runChecked } = useDialogSave();

  const save = async () => {
    const priceAmount = parseMoney(price, currency);
    if (priceAmount === null) {
      setError('Enter the price, e.g. 12.50.');
      return;
    }
    const optionGroups = toGroupEdits(groups, currency);
    if (typeof optionGroups === 'string') {
      setError(optionGroups);
      return;
    }
    const body: MenuItemCreateRequest = {
      name,
      description,
      priceAmount,
      dietaryTags: tags,
      optionGroups,
      available,
      image,
    };
    await runChecked(menuItemCreateRequest, body, onSave);
  };

  return (
    <FormDialog
      title={item ? `Edit ${item.name}` : 'Add item'}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onCancel={onCancel}
    >
      <div className="mys-form-grid">
        <TextField label="Name" value={name} onChange={setName} />
        <TextField
          label={`Price (${currency})`}
          inputMode="decimal"
          value={price}
          placeholder="12.50"
          onChange={setPrice}
        />
      </div>
      <TextAreaField label="Description" rows={3} value={description} onChange={setDescription} />
      <fieldset className="ce-tags">
        <legend>Dietary tags</legend>
        {DIETARY_TAGS.map((tag) => (
          <label key={tag} className="ce-check">
            <input
              type="checkbox"
              checked={tags.includes(tag)}
              onChange={(event) =>
                setTags(
                  event.target.checked
                    ? DIETARY_TAGS.filter((t) => t === tag || tags.includes(t))
                    : tags.filter((t) => t !== tag),
                )
              }
            />
            {DIETARY_TAG_LABELS[tag]}
          </label>
        ))}
      </fieldset>
      <label className="ce-check">
        <input
          type="checkbox"
          role="switch"
          checked={available}
          onChange={(event) => setAvailable(event.target.checked)}
        />
        Available to order
      </label>
      <ImageField
        businessId={businessId}
        label="Photo"
        value={image}
        alt={name}
        onChange={setImage}
      />
      <OptionGroupsEditor groups={groups} onChange={setGroups} />
    </FormDialog>
  );
}
