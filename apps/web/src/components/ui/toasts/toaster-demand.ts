/**
 * The app shell mounts the toaster (sonner: ~10 kB compressed, plus its styles and a render) only
 * once the first page has painted, so it never competes with the first list on a phone. A toast
 * raised before that must still show at once: raising one asks the shell to mount the toaster now.
 * Kept apart from toasts.ts so the shell can listen without importing sonner.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let requested = false;

/** Called by every toast of toasts.ts. */
export function requestToaster(): void {
  requested = true;
  for (const listener of [...listeners]) listener();
}

/**
 * Calls `listener` when a toast is raised, or at once when one already was (a page's mount effect
 * runs before the shell's, so its toast comes before the shell listens).
 */
export function onToasterRequest(listener: Listener): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
