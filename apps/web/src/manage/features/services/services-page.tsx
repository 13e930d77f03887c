import {
  CATALOG_EDIT_FALLBACK_CURRENCY,
  type ImageRef,
  type ManagedService,
  SERVICE_PRICE_TYPES,
  type ServiceCreateRequest,
  serviceCreateRequest,
  servicePriceLabel,
  parseMoney,
} from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { useCurrentStore } from '../../lib/store-context.tsx';
import {
  catalogEditApi,
  catalogEditKeys,
  useCatalogActions,
  useCatalogList,
} from '../../lib/catalog-edit-api.ts';
import { CatalogEditorPage } from '../../components/catalog-editor-page.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { DeleteButton, RowButton } from '../../components/row-actions.tsx';
import { TextAreaField, TextField } from '../../components/text-fields.tsx';
import { moneyInputText } from '../../lib/money-input.ts';
import { useDialogSave } from '../../lib/use-dialog-save.ts';
import { type CategoryChoice, useCategoryChoices } from '../../lib/category-choices.ts';
import { QueryStates } from '../../components/query-states.tsx';
import '../../components/visually-hidden.css';

const PRICE_TYPE_LABELS = { fixed: 'Fixed price', from: 'From (starting price)' } as const;

/** The price as shoppers will read it ("From $45.00"), or a dash while it is not a price. */
function shownPrice(typed: string, currency: string, priceType: ManagedService['priceType']) {
  const amount = parseMoney(typed, currency);
  return amount === null ? '—' : servicePriceLabel({ amount, currency }, priceType);
}

/** Services of the store: a table, and a dialog to add or edit one with its photos. */
export function ServicesPage() {
  const store = useCurrentStore();
  const api = catalogEditApi(store.businessId);
  const services = useCatalogList(catalogEditKeys.services(store.businessId), api.listServices);
  const categories = useCategoryChoices('service');
  const [editing, setEditing] = useState<{ service: ManagedService | null } | null>(null);
  const { write, run, quick } = useCatalogActions(store.businessId);
  const list = services.data ?? [];
  const currency = list[0]?.currency ?? CATALOG_EDIT_FALLBACK_CURRENCY;

  return (
    <CatalogEditorPage
      title="Services"
      subtitle="What shoppers can book, with price and duration."
      addLabel="Add service"
      onAdd={() => setEditing({ service: null })}
      writeError={write.error}
    >
      <QueryStates
        query={services}
        loadingLabel="Loading services…"
        isEmpty={() => list.length === 0}
        emptyTitle="No services yet"
        emptyText={<p>Add the services shoppers can book, such as a haircut or a repair.</p>}
      >
        {() => (
          <table className="mys-table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Price</th>
                <th scope="col">Duration</th>
                <th scope="col">Category</th>
                <th scope="col">
                  <span className="mys-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((service) => (
                <tr key={service.id}>
                  <td>
                    <strong>{service.name}</strong>
                    <div className="ce-muted">{service.slug}</div>
                  </td>
                  <td>
                    {servicePriceLabel(
                      { amount: service.priceAmount, currency: service.currency },
                      service.priceType,
                    )}
                  </td>
                  <td>{service.durationMinutes} min</td>
                  <td>{service.category.name}</td>
                  <td>
                    <div className="ce-row-actions">
                      <RowButton onClick={() => setEditing({ service })}>
                        Edit {service.name}
                      </RowButton>
                      <Link
                        className="mys-plain-button mys-plain-button-small"
                        to={sitePaths.availability(store.businessId, service.id)}
                        aria-label={`Availability of ${service.name}`}
                      >
                        Availability
                      </Link>
                      <DeleteButton
                        confirmWhat={service.name}
                        onDelete={() => quick(() => api.deleteService(service.id))}
                      >
                        Delete {service.name}
                      </DeleteButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryStates>
      {editing ? (
        <ServiceDialog
          businessId={store.businessId}
          currency={currency}
          service={editing.service}
          categories={categories.data ?? []}
          onCancel={() => setEditing(null)}
          onSave={async (body) => {
            await run(() =>
              editing.service
                ? api.updateService(editing.service.id, body)
                : api.createService(body),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </CatalogEditorPage>
  );
}

function ServiceDialog({
  businessId,
  currency,
  service,
  categories,
  onSave,
  onCancel,
}: {
  businessId: string;
  currency: string;
  service: ManagedService | null;
  categories: readonly CategoryChoice[];
  onSave: (body: ServiceCreateRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(service?.name ?? '');
  const [slug, setSlug] = useState(service?.slug ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [price, setPrice] = useState(
    service ? moneyInputText(service.priceAmount, service.currency) : '',
  );
  const [priceType, setPriceType] = useState<ManagedService['priceType']>(
    service?.priceType ?? 'fixed',
  );
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 60));
  const [categoryId, setCategoryId] = useState(service?.category.id ?? '');
  const [images, setImages] = useState<ImageRef[]>(service?.images ?? []);
  const { busy, error, setError, runChecked } = useDialogSave();

  const save = async () => {
    const priceAmount = parseMoney(price, currency);
    if (priceAmount === null) {
      setError('Enter the price, e.g. 45.00.');
      return;
    }
    const body: ServiceCreateRequest = {
      name,
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      description,
      priceAmount,
      priceType,
      durationMinutes: /^\d+$/.test(duration.trim()) ? Number(duration) : Number.NaN,
      categoryId,
      images,
    };
    await runChecked(serviceCreateRequest, body, onSave);
  };

  return (
    <FormDialog
      title={service ? `Edit ${service.name}` : 'Add service'}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onCancel={onCancel}
    >
      <div className="mys-form-grid">
        <TextField label="Name" value={name} onChange={setName} />
        <TextField
          label="Web address (slug)"
          value={slug}
          placeholder="made from the name"
          onChange={setSlug}
        />
        <TextField
          label={`Price (${currency})`}
          inputMode="decimal"
          value={price}
          onChange={setPrice}
        />
        <label className="mys-field">
          Price type
          <select
            value={priceType}
            onChange={(event) => setPriceType(event.target.value as ManagedService['priceType'])}
          >
            {SERVICE_PRICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {PRICE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Duration (minutes)"
          inputMode="numeric"
          value={duration}
          onChange={setDuration}
        />
        <label className="mys-field">
          Category
          <select value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TextAreaField label="Description" rows={3} value={description} onChange={setDescription} />
      <div>
        <h3>Photos</h3>
        {images.length === 0 ? <p className="ce-muted">No photos yet.</p> : null}
        <ul className="ce-grid">
          {images.map((image, index) => (
            <li key={`${image.url}-${index}`} className="ce-tile">
              <img src={image.url} alt={image.alt} />
              <button
                type="button"
                className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
                onClick={() => setImages(images.filter((_, i) => i !== index))}
              >
                Remove photo {index + 1}
              </button>
            </li>
          ))}
        </ul>
        <ImageField
          businessId={businessId}
          label="Add a photo"
          value={null}
          alt={name}
          onChange={(image) => {
            if (image) setImages([...images, image]);
          }}
        />
      </div>
      <p className="ce-muted">Shown as {shownPrice(price, currency, priceType)}</p>
    </FormDialog>
  );
}
