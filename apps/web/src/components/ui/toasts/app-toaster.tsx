import { TOAST } from '@localmart/contract';
import { Toaster } from 'sonner';

/** Mounted once by the app shell; every toast of toasts.ts renders here. */
export function AppToaster() {
  return <Toaster position={TOAST.position} duration={TOAST.durationMs} richColors closeButton />;
}
