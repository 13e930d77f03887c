import { type RefObject, useEffect } from 'react';

const FIELDS = 'input, textarea, select';

/**
 * Moves the focus into a form that has just opened: its first field, or (with `orButton`) its first
 * button when it has no field (a confirm-only form).
 */
export function useFocusFirstField(
  formRef: RefObject<HTMLFormElement | null>,
  { orButton = false }: { orButton?: boolean } = {},
): void {
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(orButton ? `${FIELDS}, button` : FIELDS)?.focus();
    // Only on open: focus must not jump back while the user is filling the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
