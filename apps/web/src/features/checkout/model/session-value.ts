/**
 * sessionStorage that never throws: where it is missing or refuses (a private window, a full quota),
 * values live in memory for the page's life, which only costs their survival across a reload.
 */
const memory = new Map<string, string>();

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readSessionValue(key: string): string | null {
  const store = session();
  if (!store) return memory.get(key) ?? null;
  try {
    return store.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

export function writeSessionValue(key: string, value: string): void {
  const store = session();
  try {
    if (store) {
      store.setItem(key, value);
      return;
    }
  } catch {
    // refused: fall through to memory
  }
  memory.set(key, value);
}

export function removeSessionValue(key: string): void {
  memory.delete(key);
  try {
    session()?.removeItem(key);
  } catch {
    // nothing held there
  }
}
