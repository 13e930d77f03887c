import type { AppModalProps } from '../components/ui/app-modal.tsx';

/**
 * Stand-in for AppModal in unit tests: ion-modal only mounts its content once the web component
 * presents, which it cannot do in jsdom. Same props and names (a dialog named by its title, Back and
 * Close buttons); "Backdrop" simulates the visitor dismissing it. The browser suite covers the real one.
 */
export function AppModal({
  isOpen,
  title,
  onClose,
  onBack,
  onDidDismiss,
  children,
}: AppModalProps) {
  if (!isOpen) return null;
  return (
    <div role="dialog" aria-label={title}>
      <h2>{title}</h2>
      {onBack && (
        <button type="button" onClick={onBack}>
          Back
        </button>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
      <button type="button" onClick={() => onDidDismiss('backdrop')}>
        Backdrop
      </button>
      {children}
    </div>
  );
}
