import { toast } from 'sonner';
import { requestToaster } from './toaster-demand.ts';

/**
 * The one toast service (spec §8, §9): titled toasts, bottom-right, 4 s, no duplicates. The id is
 * derived from title and message, so showing the same toast again while it is visible updates that
 * toast (and restarts its timer) instead of stacking a copy; once dismissed it can show again.
 * A toast raised before the toaster has mounted is kept by sonner and shown when it mounts, which
 * raising it asks for (toaster-demand.ts).
 */
export function toastId(title: string, message: string): string {
  return `${title}\u241f${message}`;
}

export function showError(title: string, message: string): void {
  requestToaster();
  toast.error(title, { id: toastId(title, message), description: message });
}

/** A button inside a toast ("View cart" after adding an item). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function showSuccess(title: string, message: string, action?: ToastAction): void {
  requestToaster();
  toast.success(title, {
    id: toastId(title, message),
    description: message,
    ...(action ? { action: { label: action.label, onClick: action.onClick } } : {}),
  });
}

export function showInfo(title: string, message: string): void {
  requestToaster();
  toast.info(title, { id: toastId(title, message), description: message });
}
