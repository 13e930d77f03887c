import type { ReactNode } from 'react';
import { ManagePage } from '../shell/manage-page.tsx';
import './buttons.css';
import './catalog-editor.css';

/**
 * The frame of a catalogue editor page (menus, services, team): the page title with its one
 * "Add …" button, and the last failed write's sentence above the list, so a failed move or delete
 * is said where the owner is looking.
 */
export function CatalogEditorPage({
  title,
  subtitle,
  addLabel,
  onAdd,
  writeError,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  addLabel: string;
  onAdd: () => void;
  writeError: Error | null;
  children: ReactNode;
}) {
  return (
    <ManagePage
      title={title}
      subtitle={subtitle}
      actions={
        <button type="button" className="mys-plain-button mys-plain-button-primary" onClick={onAdd}>
          {addLabel}
        </button>
      }
    >
      {writeError ? (
        <p className="mys-field-error" role="alert">
          {writeError.message}
        </p>
      ) : null}
      {children}
    </ManagePage>
  );
}
