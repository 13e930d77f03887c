import {
  type ImageRef,
  type ManagedStoreDetail,
  STORE_IMAGE_TYPES,
  STORE_PAUSE_MAX_DAYS,
  storeCodeSchema,
  storeFulfilmentRequest,
  storeHoursRequest,
  updateStoreRequest,
} from '@localmart/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useManagedStore } from '../../lib/managed-store-api.ts';
import { StoreStatusBadge } from '../../components/store-status-badge.tsx';
import {
  FulfilmentFields,
  StoreBasicsFields,
  StoreContactFields,
  StoreLocationFields,
  TextField,
} from '../../components/store-form/store-fields.tsx';
import { HoursFields } from '../../components/store-form/hours-fields.tsx';
import {
  errorsOf,
  type FieldErrors,
  formFromStore,
  fulfilmentPayload,
  hoursPayload,
  profilePayload,
  type StoreForm,
} from '../../components/store-form/store-form-model.ts';
import { DocumentsSection } from './documents-section.tsx';
import { uploadStoreImage } from '../../lib/store-images.ts';
import { type SettingsWrite, useSettingsWrite } from './settings-api.ts';
import './store-settings.css';
import { errorMessage } from '../../lib/error-message.ts';

/** A section's outcome line: the server's message, or what went wrong. */
function Outcome({ ok, error }: { ok: string | null; error: string | null }) {
  if (error) {
    return (
      <p className="mys-field-error" role="alert">
        {error}
      </p>
    );
  }
  return ok ? <p role="status">{ok}</p> : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="mys-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A section form's submit button, disabled while its write is on its way. */
function SubmitRow({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="mys-actions">
      <button type="submit" className="mys-button" disabled={pending}>
        {children}
      </button>
    </div>
  );
}

/** A one-click write of a section (submit again, resume orders), disabled while it is sent. */
function WriteButton({
  section,
  write,
  children,
}: {
  section: { pending: boolean; save: (write: SettingsWrite) => unknown };
  write: SettingsWrite;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="mys-button"
      disabled={section.pending}
      onClick={() => section.save(write)}
    >
      {children}
    </button>
  );
}

/** One section's save: check with the contract's schema first, then send, then say how it went. */
function useSection(businessId: string) {
  const write = useSettingsWrite(businessId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (request: SettingsWrite, localErrors: FieldErrors = {}) => {
    setOk(null);
    setError(null);
    setErrors(localErrors);
    if (Object.keys(localErrors).length > 0) return;
    write.mutate(request, {
      onSuccess: (message) => setOk(message),
      onError: (failure) => setError(failure.message),
    });
  };
  return { errors, setErrors, ok, error, save, pending: write.isPending };
}

/** The errors the contract's schema finds in a section's body, by input. */
function check(schema: z.ZodType, value: unknown): FieldErrors {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : errorsOf(parsed.error.issues);
}

/** /manage/stores/:id/settings: profile, hours, fulfilment, pause, documents and approval status. */
export function StoreSettingsPage() {
  const current = useCurrentStore();
  const store = useManagedStore(current.businessId, current.canOwn);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  if (!current.canOwn) {
    return (
      <ManagePage title="Store settings">
        <Empty title="Only the store's owner can change its settings." />
      </ManagePage>
    );
  }
  if (store.isPending) return <Loading />;
  if (store.isError) {
    return <Failed message={store.error.message} onRetry={() => void store.refetch()} />;
  }
  return (
    <ManagePage title="Store settings" subtitle={store.data.name}>
      {notice ? (
        <p className="mys-notice" role="status">
          {notice}
        </p>
      ) : null}
      <SettingsForms key={store.data.id} store={store.data} />
    </ManagePage>
  );
}

function SettingsForms({ store }: { store: ManagedStoreDetail }) {
  const [form, setForm] = useState<StoreForm>(() => formFromStore(store));
  const [storeCode, setStoreCode] = useState(store.storeCode);
  const onChange = <K extends keyof StoreForm>(field: K, value: StoreForm[K]) =>
    setForm((old) => ({ ...old, [field]: value }));
  const businessId = store.id;

  const status = useSection(businessId);
  const profile = useSection(businessId);
  const hours = useSection(businessId);
  const fulfilment = useSection(businessId);

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...profilePayload(form), storeCode };
    const errors = check(updateStoreRequest, body);
    const codeOk = storeCodeSchema.safeParse(storeCode);
    if (!codeOk.success) errors.storeCode = codeOk.error.issues[0]?.message;
    profile.save({ kind: 'profile', body }, errors);
  };
  const saveHours = (event: FormEvent) => {
    event.preventDefault();
    const body = hoursPayload(form);
    hours.save({ kind: 'hours', body }, check(storeHoursRequest, body));
  };
  const saveFulfilment = (event: FormEvent) => {
    event.preventDefault();
    const { payload, errors } = fulfilmentPayload(form);
    fulfilment.save(
      { kind: 'fulfilment', body: payload },
      {
        ...check(storeFulfilmentRequest, payload),
        ...errors,
      },
    );
  };

  return (
    <>
      <Section title="Status">
        <p>
          <StoreStatusBadge status={store.status} />{' '}
          {store.status === 'pending'
            ? 'An administrator is checking your store. Shoppers will see it once it is approved.'
            : null}
          {store.status === 'published' ? 'Shoppers can find your store.' : null}
        </p>
        {store.reviewNote ? (
          <p className="mys-review-note">Note from Localmart: {store.reviewNote}</p>
        ) : null}
        {store.status === 'rejected' ? (
          <>
            <p>Make the changes asked for, then send your store for approval again.</p>
            <WriteButton section={status} write={{ kind: 'submit' }}>
              Submit again
            </WriteButton>
          </>
        ) : null}
        <Outcome ok={status.ok} error={status.error} />
      </Section>

      <Section title="Profile">
        <form onSubmit={saveProfile} noValidate>
          <StoreBasicsFields form={form} errors={profile.errors} onChange={onChange} />
          <h3>Location</h3>
          <StoreLocationFields form={form} errors={profile.errors} onChange={onChange} />
          <h3>Contact</h3>
          <StoreContactFields form={form} errors={profile.errors} onChange={onChange} />
          <div className="mys-form-grid">
            <TextField
              label="Store code (inventory feeds)"
              value={storeCode}
              onChange={setStoreCode}
              error={profile.errors.storeCode}
              hint="The store_code column of your inventory feeds"
            />
          </div>
          <SubmitRow pending={profile.pending}>Save profile</SubmitRow>
          <Outcome ok={profile.ok} error={profile.error} />
        </form>
        <h3>Logo and cover</h3>
        <div className="mys-images">
          <ImageField businessId={businessId} label="Logo" image={store.logo} part="logo" />
          <ImageField
            businessId={businessId}
            label="Cover photo"
            image={store.cover}
            part="cover"
          />
        </div>
      </Section>

      <Section title="Hours">
        <form onSubmit={saveHours} noValidate>
          <HoursFields form={form} errors={hours.errors} onChange={onChange} />
          <SubmitRow pending={hours.pending}>Save hours</SubmitRow>
          <Outcome ok={hours.ok} error={hours.error} />
        </form>
      </Section>

      <Section title="Fulfilment">
        <form onSubmit={saveFulfilment} noValidate>
          <FulfilmentFields form={form} errors={fulfilment.errors} onChange={onChange} />
          <SubmitRow pending={fulfilment.pending}>Save fulfilment</SubmitRow>
          <Outcome ok={fulfilment.ok} error={fulfilment.error} />
        </form>
      </Section>

      <PauseSection store={store} />

      <Section title="Verification documents">
        <DocumentsSection businessId={businessId} />
      </Section>
    </>
  );
}

/** Logo or cover: upload through POST images, then save the ImageRef on the store. */
function ImageField({
  businessId,
  label,
  image,
  part,
}: {
  businessId: string;
  label: string;
  image: ImageRef;
  part: 'logo' | 'cover';
}) {
  const write = useSettingsWrite(businessId);
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setOk(null);
    setError(null);
    try {
      const uploaded = await uploadStoreImage(businessId, file, `${label}`);
      await write.mutateAsync({ kind: 'profile', body: { [part]: uploaded } });
      setOk(`${label} updated`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mys-image-field">
      <img
        src={image.url}
        width={image.width}
        height={image.height}
        alt={`Current ${label.toLowerCase()}`}
        className={part === 'logo' ? 'mys-logo-preview' : 'mys-cover-preview'}
      />
      <div className="mys-field">
        <label htmlFor={inputId}>Upload a new {label.toLowerCase()}</label>
        <input
          id={inputId}
          type="file"
          accept={STORE_IMAGE_TYPES.join(',')}
          disabled={busy}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </div>
      {busy ? <p role="status">Uploading…</p> : null}
      <Outcome ok={ok} error={error} />
    </div>
  );
}

/** `datetime-local` text for a Date, in the browser's time zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function PauseSection({ store }: { store: ManagedStoreDetail }) {
  const pause = useSection(store.id);
  const [until, setUntil] = useState(() =>
    localInputValue(new Date(Date.now() + 24 * 60 * 60 * 1000)),
  );
  const inputId = useId();
  const pausedUntil = store.pausedUntil ? new Date(store.pausedUntil) : null;
  const paused = pausedUntil !== null && pausedUntil.getTime() > Date.now();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const date = new Date(until);
    if (Number.isNaN(date.getTime())) {
      pause.save({ kind: 'pause', body: { until: '' } }, { until: 'Choose a date and time' });
      return;
    }
    pause.save({ kind: 'pause', body: { until: date.toISOString() } });
  };
  return (
    <Section title="Pause orders">
      {paused ? (
        <>
          <p>
            New orders are paused until{' '}
            <strong>
              {pausedUntil.toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' })}
            </strong>
            .
          </p>
          <WriteButton section={pause} write={{ kind: 'resume' }}>
            Resume orders
          </WriteButton>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="mys-muted">
            Going on holiday or closing for stocktaking? Pause new orders for up to{' '}
            {STORE_PAUSE_MAX_DAYS} days; the store shows as closed to shoppers until then.
          </p>
          <div className="mys-form-grid">
            <div className="mys-field">
              <label htmlFor={inputId}>Pause orders until</label>
              <input
                id={inputId}
                type="datetime-local"
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
              {pause.errors.until ? (
                <span className="mys-field-error">{pause.errors.until}</span>
              ) : null}
            </div>
          </div>
          <SubmitRow pending={pause.pending}>Pause orders</SubmitRow>
        </form>
      )}
      <Outcome ok={pause.ok} error={pause.error} />
    </Section>
  );
}
