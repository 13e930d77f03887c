import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './error-message.ts';
import { issuesMessage } from './zod-message.ts';

/**
 * The save of an add/edit dialog: busy while the call runs, and the problem to show in the dialog
 * (the contract's wording before sending, the server's after). On success the caller closes the
 * dialog, so busy stays on; on failure the dialog stays open with the message.
 */
export function useDialogSave() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  /** Checks `body` with the contract's request schema first; sends only what it accepts. */
  const runChecked = async <B>(schema: z.ZodType, body: B, send: (body: B) => Promise<unknown>) => {
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setError(issuesMessage(checked.error));
      return;
    }
    await run(() => send(body));
  };

  return { busy, error, setError, run, runChecked };
}
