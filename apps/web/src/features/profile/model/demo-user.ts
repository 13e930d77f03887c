import { demoUserSchema, STORAGE_KEYS, type DemoUser } from '@localmart/contract';
import { useMemo } from 'react';
import { useStoredValue } from '../../../lib/storage.ts';

/** The demo user record of a demo Google session (spec §3 `userData`), or null. */
export function parseDemoUser(raw: string | null): DemoUser | null {
  if (!raw) return null;
  try {
    const parsed = demoUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A demo session has no account on the server: its profile is the record kept on this device. */
export function useDemoUser(): DemoUser | null {
  const raw = useStoredValue(STORAGE_KEYS.userData);
  return useMemo(() => parseDemoUser(raw), [raw]);
}
