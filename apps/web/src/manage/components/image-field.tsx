import { STORE_IMAGE_TYPES, type ImageRef } from '@localmart/contract';
import { useId, useState } from 'react';
import { uploadStoreImage } from '../lib/store-images.ts';
import { errorMessage } from '../lib/error-message.ts';
import './buttons.css';
import './catalog-editor.css';

/**
 * One image of a record (a dish photo, a team member's portrait): a preview, a file input that
 * uploads at once (the server checks type and size and resizes), and Remove when optional.
 */
export function ImageField({
  businessId,
  label,
  value,
  alt,
  onChange,
  optional = true,
}: {
  businessId: string;
  label: string;
  value: ImageRef | null;
  /** Alt text sent with the upload (the record's name). */
  alt: string;
  onChange: (image: ImageRef | null) => void;
  optional?: boolean;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      onChange(await uploadStoreImage(businessId, file, alt));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="mys-field ce-image-field">
      <label htmlFor={inputId}>{label}</label>
      {value ? (
        <img className="ce-image-preview" src={value.url} alt={value.alt} width={120} />
      ) : null}
      <input
        id={inputId}
        type="file"
        accept={STORE_IMAGE_TYPES.join(',')}
        disabled={uploading}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {uploading ? <span role="status">Uploading…</span> : null}
      {value && optional ? (
        <button
          type="button"
          className="mys-plain-button mys-plain-button-small"
          onClick={() => onChange(null)}
        >
          Remove {label.toLowerCase()}
        </button>
      ) : null}
      {error ? (
        <span className="mys-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
