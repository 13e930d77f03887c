import { type ApiKey, managePaths } from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { ConfirmInline } from '../../components/confirm-inline.tsx';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api.ts';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';
import './api-keys.css';

/** The push call a store's script makes, with this key. */
export function curlExample(secret: string, origin = window.location.origin): string {
  return [
    `curl -X POST "${origin}${managePaths.inventoryPush}?mode=incremental" \\`,
    `  -H "Authorization: Bearer ${secret}" \\`,
    `  -H "Content-Type: text/csv" \\`,
    `  --data-binary @inventory.csv`,
  ].join('\n');
}

function NewKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied.');
    } catch {
      setCopied('Copy failed: select the key and copy it by hand.');
    }
  };
  return (
    <div className="mys-card keys-new" role="status">
      <h2>Your new key</h2>
      <p>
        Copy it now and keep it somewhere safe: <strong>it will not be shown again</strong>.
      </p>
      <div className="keys-secret">
        <label htmlFor="keys-secret" className="mys-visually-hidden">
          New API key
        </label>
        <input id="keys-secret" readOnly value={secret} onFocus={(e) => e.target.select()} />
        <button className="mys-action-button" type="button" onClick={copy}>
          Copy key
        </button>
      </div>
      {copied ? <p aria-live="polite">{copied}</p> : null}
      <h3>Push a feed with it</h3>
      <pre className="keys-curl" aria-label="curl example">
        {curlExample(secret)}
      </pre>
      <button className="mys-action-button mys-action-button-quiet" type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

function KeyRow({ entry, businessId }: { entry: ApiKey; businessId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const revoke = useRevokeApiKey(businessId);
  const dateTime = useStoreDateTime();
  const when = (iso: string | null) => (iso ? dateTime(iso) : 'Never');
  return (
    <tr>
      <td>{entry.name}</td>
      <td>
        <code>{entry.prefix}…</code>
      </td>
      <td>{when(entry.createdAt)}</td>
      <td>{when(entry.lastUsedAt)}</td>
      <td>
        {entry.revokedAt ? (
          <span className="mys-badge mys-badge-danger">Revoked {when(entry.revokedAt)}</span>
        ) : (
          <span className="mys-badge">Active</span>
        )}
      </td>
      <td>
        {entry.revokedAt ? null : (
          <ConfirmInline
            verb="Revoke"
            name={entry.name}
            question={<p>Revoke “{entry.name}”? Scripts using it stop working at once.</p>}
            confirming={confirming}
            busy={revoke.isPending}
            onAsk={() => setConfirming(true)}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              revoke.mutate(entry.id, {
                onSuccess: (result) => {
                  if (!result.ok) setProblem(result.message);
                  setConfirming(false);
                },
                onError: () => setProblem('The key could not be revoked. Try again.'),
              })
            }
          />
        )}
        {problem ? (
          <p className="mys-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** API keys (owner): keys a store's own system pushes inventory feeds with. */
export function ApiKeysPage() {
  const { businessId } = useCurrentStore();
  const keys = useApiKeys(businessId);
  const create = useCreateApiKey(businessId);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Give the key a name.');
      return;
    }
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (result) => {
        if (!result.ok) {
          setProblem(result.message);
          return;
        }
        setSecret(result.secret);
        setName('');
      },
      onError: () => setProblem('The key could not be created. Try again.'),
    });
  };

  return (
    <ManagePage
      title="API keys"
      subtitle="Let your till or stock system push inventory feeds without signing in."
    >
      {secret ? <NewKey secret={secret} onDone={() => setSecret(null)} /> : null}
      <section className="mys-card" aria-labelledby="keys-create-title">
        <h2 id="keys-create-title">Create a key</h2>
        <form className="mys-form-grid" onSubmit={submit} noValidate>
          <div className="mys-field">
            <label htmlFor="keys-name">Key name</label>
            <input
              id="keys-name"
              value={name}
              maxLength={80}
              placeholder="e.g. Till system"
              onChange={(event) => setName(event.target.value)}
            />
            {problem ? (
              <p className="mys-field-error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div>
            <button className="mys-action-button" type="submit" disabled={create.isPending}>
              Create key
            </button>
          </div>
        </form>
      </section>
      <section className="mys-card" aria-labelledby="keys-list-title">
        <h2 id="keys-list-title">Keys</h2>
        {keys.isPending ? (
          <Loading label="Loading keys…" />
        ) : keys.isError ? (
          <Failed message={keys.error.message} onRetry={() => keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <Empty title="No keys yet" />
        ) : (
          <div className="keys-table-wrap">
            <table className="mys-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="mys-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((entry) => (
                  <KeyRow key={entry.id} entry={entry} businessId={businessId} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ManagePage>
  );
}
