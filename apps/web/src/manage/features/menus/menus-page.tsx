import {
  CATALOG_EDIT_FALLBACK_CURRENCY,
  DIETARY_TAG_LABELS,
  formatMoney,
  type ManagedMenu,
  type ManagedMenuItem,
  type ManagedMenuSection,
  type MenuItemCreateRequest,
} from '@localmart/contract';
import { useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { Empty } from '../../shell/manage-page.tsx';
import {
  type CatalogEditApi,
  catalogEditApi,
  catalogEditKeys,
  useCatalogActions,
  useCatalogList,
} from '../../lib/catalog-edit-api.ts';
import { CatalogEditorPage } from '../../components/catalog-editor-page.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { DeleteButton, MoveButtons, RowButton } from '../../components/row-actions.tsx';
import { TextAreaField, TextField } from '../../components/text-fields.tsx';
import { useDialogSave } from '../../lib/use-dialog-save.ts';
import { MenuItemDialog } from './menu-item-dialog.tsx';
import { QueryStates } from '../../components/query-states.tsx';

type Editing =
  | { kind: 'menu'; menu: ManagedMenu | null }
  | { kind: 'section'; menuId: string; section: ManagedMenuSection | null }
  | { kind: 'item'; sectionId: string; item: ManagedMenuItem | null };

/** The store's currency, read off its dishes (the server saves every dish in it). */
function currencyOf(menus: readonly ManagedMenu[]): string {
  for (const menu of menus) {
    for (const section of menu.sections) {
      const first = section.items[0];
      if (first) return first.currency;
    }
  }
  return CATALOG_EDIT_FALLBACK_CURRENCY;
}

/**
 * Menus: every store may have them (the API allows any kind), but they are a restaurant's main
 * catalogue, so other kinds see a hint. One menu at a time as a tab; its sections as cards with
 * their dishes; dialogs to add and edit; moves by one place (Move up / Move down).
 */
export function MenusPage() {
  const store = useCurrentStore();
  const api = catalogEditApi(store.businessId);
  const menus = useCatalogList(catalogEditKeys.menus(store.businessId), api.listMenus);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { write, run, quick } = useCatalogActions(store.businessId);

  const list = menus.data ?? [];
  const selected = list.find((menu) => menu.id === selectedId) ?? list[0] ?? null;
  const currency = currencyOf(list);

  return (
    <CatalogEditorPage
      title="Menus"
      subtitle={
        store.kind && store.kind !== 'restaurant'
          ? 'Menus suit restaurants and cafés most; shoppers see them on your store page.'
          : 'Sections and dishes as diners see them in the app.'
      }
      addLabel="Add menu"
      onAdd={() => setEditing({ kind: 'menu', menu: null })}
      writeError={write.error}
    >
      <QueryStates
        query={menus}
        loadingLabel="Loading menus…"
        isEmpty={() => list.length === 0}
        emptyTitle="No menus yet"
        emptyText={<p>Add a menu, then its sections (Starters, Mains…) and dishes.</p>}
      >
        {() => (
          <>
            <div className="ce-tabs" role="tablist" aria-label="Menus">
              {list.map((menu) => (
                <button
                  key={menu.id}
                  type="button"
                  role="tab"
                  className="mys-plain-button ce-tab"
                  aria-selected={menu.id === selected?.id}
                  onClick={() => setSelectedId(menu.id)}
                >
                  {menu.name}
                </button>
              ))}
            </div>
            {selected ? (
              <MenuPanel
                menu={selected}
                index={list.indexOf(selected)}
                count={list.length}
                currency={currency}
                onEdit={setEditing}
                onAction={quick}
                api={api}
              />
            ) : null}
          </>
        )}
      </QueryStates>
      {editing?.kind === 'menu' ? (
        <NamedDialog
          noun="menu"
          record={editing.menu}
          withSections={!editing.menu}
          onCancel={() => setEditing(null)}
          onSave={async (fields) => {
            const saved = await run(() =>
              editing.menu
                ? api.updateMenu(editing.menu.id, {
                    name: fields.name,
                    description: fields.description,
                  })
                : api.createMenu(fields),
            );
            setSelectedId((saved as ManagedMenu).id);
            setEditing(null);
          }}
        />
      ) : null}
      {editing?.kind === 'section' ? (
        <NamedDialog
          noun="section"
          record={editing.section}
          withSections={false}
          onCancel={() => setEditing(null)}
          onSave={async ({ name, description }) => {
            await run(() =>
              editing.section
                ? api.updateSection(editing.section.id, { name, description })
                : api.createSection(editing.menuId, { name, description }),
            );
            setEditing(null);
          }}
        />
      ) : null}
      {editing?.kind === 'item' ? (
        <MenuItemDialog
          businessId={store.businessId}
          currency={currency}
          item={editing.item}
          onCancel={() => setEditing(null)}
          onSave={async (body: MenuItemCreateRequest) => {
            await run(() =>
              editing.item
                ? api.updateItem(editing.item.id, body)
                : api.createItem(editing.sectionId, body),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </CatalogEditorPage>
  );
}

function MenuPanel({
  menu,
  index,
  count,
  currency,
  onEdit,
  onAction,
  api,
}: {
  menu: ManagedMenu;
  index: number;
  count: number;
  currency: string;
  onEdit: (editing: Editing) => void;
  onAction: (action: () => Promise<unknown>) => void;
  api: CatalogEditApi;
}) {
  return (
    <div role="tabpanel" aria-label={menu.name}>
      <div className="ce-section-header">
        <div>
          <h2>{menu.name}</h2>
          {menu.description ? <p className="ce-muted">{menu.description}</p> : null}
        </div>
        <div className="ce-row-actions">
          <RowButton small={false} onClick={() => onEdit({ kind: 'menu', menu })}>
            Edit menu
          </RowButton>
          <MoveButtons
            small={false}
            index={index}
            count={count}
            earlier={{ text: 'Move menu left' }}
            later={{ text: 'Move menu right' }}
            onMove={(position) => onAction(() => api.updateMenu(menu.id, { position }))}
          />
          <DeleteButton
            small={false}
            confirmWhat={`the menu ${menu.name} with its sections and dishes`}
            onDelete={() => onAction(() => api.deleteMenu(menu.id))}
          >
            Delete menu
          </DeleteButton>
          <RowButton
            small={false}
            tone="primary"
            onClick={() => onEdit({ kind: 'section', menuId: menu.id, section: null })}
          >
            Add section
          </RowButton>
        </div>
      </div>
      {menu.sections.length === 0 ? (
        <Empty title="No sections yet">
          <p>Add a section such as Starters or Drinks.</p>
        </Empty>
      ) : null}
      {menu.sections.map((section, sectionIndex) => (
        <section key={section.id} className="mys-card" aria-label={section.name}>
          <div className="ce-section-header">
            <div>
              <h2>{section.name}</h2>
              {section.description ? <p className="ce-muted">{section.description}</p> : null}
            </div>
            <div className="ce-row-actions">
              <RowButton onClick={() => onEdit({ kind: 'section', menuId: menu.id, section })}>
                Edit section {section.name}
              </RowButton>
              <MoveButtons
                index={sectionIndex}
                count={menu.sections.length}
                earlier={{ text: 'Up', label: `Move section ${section.name} up` }}
                later={{ text: 'Down', label: `Move section ${section.name} down` }}
                onMove={(position) => onAction(() => api.updateSection(section.id, { position }))}
              />
              <DeleteButton
                confirmWhat={`the section ${section.name} with its dishes`}
                onDelete={() => onAction(() => api.deleteSection(section.id))}
              >
                Delete section {section.name}
              </DeleteButton>
              <RowButton
                tone="primary"
                onClick={() => onEdit({ kind: 'item', sectionId: section.id, item: null })}
              >
                Add item to {section.name}
              </RowButton>
            </div>
          </div>
          {section.items.length === 0 ? (
            <p className="ce-muted">No dishes in this section yet.</p>
          ) : (
            <ul className="ce-items">
              {section.items.map((item, itemIndex) => (
                <li key={item.id} className="ce-item">
                  <div className="ce-item-main">
                    {item.image ? (
                      <img className="ce-item-thumb" src={item.image.url} alt={item.image.alt} />
                    ) : null}
                    <div>
                      <strong>{item.name}</strong>{' '}
                      <span>{formatMoney(item.priceAmount, item.currency || currency)}</span>
                      {item.available ? null : (
                        <span className="mys-badge mys-badge-warning">Sold out</span>
                      )}
                      <div className="ce-muted">
                        {item.dietaryTags.map((tag) => DIETARY_TAG_LABELS[tag]).join(' · ')}
                        {item.optionGroups.length > 0
                          ? ` ${item.optionGroups.map((group) => group.name).join(', ')}`
                          : ''}
                      </div>
                    </div>
                  </div>
                  <div className="ce-row-actions">
                    <label className="ce-check">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={item.available}
                        onChange={(event) => {
                          const next = event.target.checked;
                          onAction(() => api.updateItem(item.id, { available: next }));
                        }}
                      />
                      Available: {item.name}
                    </label>
                    <RowButton
                      onClick={() => onEdit({ kind: 'item', sectionId: section.id, item })}
                    >
                      Edit {item.name}
                    </RowButton>
                    <MoveButtons
                      index={itemIndex}
                      count={section.items.length}
                      earlier={{ text: 'Up', label: `Move ${item.name} up` }}
                      later={{ text: 'Down', label: `Move ${item.name} down` }}
                      onMove={(position) => onAction(() => api.updateItem(item.id, { position }))}
                    />
                    <DeleteButton
                      confirmWhat={item.name}
                      onDelete={() => onAction(() => api.deleteItem(item.id))}
                    >
                      Delete {item.name}
                    </DeleteButton>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** What the menu and section dialogs edit: a name, a description, and a new menu's sections. */
type NamedFields = { name: string; description: string | null; sections: { name: string }[] };

/**
 * Add or edit a menu or a section: the same name-and-description form (labelled "Menu name",
 * "Section name"…). A new menu also takes its sections, one per line, so it is made in one call.
 */
function NamedDialog({
  noun,
  record,
  withSections,
  onSave,
  onCancel,
}: {
  noun: 'menu' | 'section';
  /** null: a new one. */
  record: { name: string; description: string | null } | null;
  withSections: boolean;
  onSave: (fields: NamedFields) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(record?.name ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [sections, setSections] = useState('');
  const { busy, error, setError, run } = useDialogSave();
  const Noun = noun === 'menu' ? 'Menu' : 'Section';
  const save = async () => {
    if (!name.trim()) {
      setError(`Give the ${noun} a name.`);
      return;
    }
    await run(() =>
      onSave({
        name,
        description: description.trim() || null,
        sections: sections
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => ({ name: line })),
      }),
    );
  };
  return (
    <FormDialog
      title={record ? `Edit ${record.name}` : `Add ${noun}`}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onCancel={onCancel}
    >
      <TextField label={`${Noun} name`} value={name} onChange={setName} />
      <TextAreaField
        label={`${Noun} description`}
        rows={2}
        value={description}
        onChange={setDescription}
      />
      {withSections ? (
        <TextAreaField
          label="Sections (one per line)"
          rows={4}
          value={sections}
          placeholder={'Starters\nMains\nDesserts'}
          onChange={setSections}
        />
      ) : null}
    </FormDialog>
  );
}
