import {
  STORE_DOCUMENT_MAX_BYTES,
  STORE_DOCUMENT_MAX_COUNT,
  type StoreDocument,
} from '@localmart/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Failed, Loading } from '../../shell/manage-page.tsx';
import { downloadDocument, useStoreDocuments, useUploadDocument } from './settings-api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import '../../components/visually-hidden.css';

const TYPE_LABELS: Record<StoreDocument['type'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Verification documents: upload (PDF, JPEG, PNG), list, download. Only the owner and admins. */
export function DocumentsSection({ businessId }: { businessId: string }) {
  const documents = useStoreDocuments(businessId);
  const upload = useUploadDocument(businessId);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOk(null);
    setError(null);
    const file = inputRef.current?.files?.[0];
    if (!file) {
      setError('Choose a PDF, JPEG or PNG file to upload.');
      return;
    }
    upload.mutate(file, {
      onSuccess: (message) => {
        setOk(message);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (failure) => setError(failure.message),
    });
  };

  const download = (document: StoreDocument) => {
    setError(null);
    downloadDocument(businessId, document.id, document.filename).catch((failure: unknown) =>
      setError(errorMessage(failure)),
    );
  };

  return (
    <>
      <p className="mys-muted">
        A business licence, registration or a recent utility bill in the store's name helps us
        approve your store faster. PDF, JPEG or PNG, up to {STORE_DOCUMENT_MAX_BYTES / 1024 / 1024}{' '}
        MB each, at most {STORE_DOCUMENT_MAX_COUNT} documents. Only you and Localmart's reviewers
        see them.
      </p>
      <form onSubmit={submit} className="mys-upload-row">
        <div className="mys-field">
          <label htmlFor={inputId}>Business document</label>
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
          />
        </div>
        <button type="submit" className="mys-button" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload document'}
        </button>
      </form>
      {error ? (
        <p className="mys-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {ok ? <p role="status">{ok}</p> : null}
      {documents.isPending ? <Loading /> : null}
      {documents.isError ? (
        <Failed message={documents.error.message} onRetry={() => void documents.refetch()} />
      ) : null}
      {documents.data && documents.data.length === 0 ? (
        <p className="mys-muted">No documents uploaded yet.</p>
      ) : null}
      {documents.data && documents.data.length > 0 ? (
        <table className="mys-table">
          <caption className="mys-visually-hidden">Uploaded documents</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Type</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
            </tr>
          </thead>
          <tbody>
            {documents.data.map((document) => (
              <tr key={document.id}>
                <td>
                  <button
                    type="button"
                    className="mys-link-button"
                    onClick={() => download(document)}
                  >
                    {document.filename}
                  </button>
                </td>
                <td>{TYPE_LABELS[document.type]}</td>
                <td>{sizeLabel(document.size)}</td>
                <td>
                  {new Date(document.uploadedAt).toLocaleDateString('en-CA', {
                    dateStyle: 'medium',
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
