import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

type FormValues = Record<string, string>;

/** What a TextField needs from the form for one field. */
export interface FieldBinding {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** The first message per top-level field of a failed parse: what a form shows under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/**
 * One zod schema drives a form (Epic Stack): the contract's form schema gives both the data sent and
 * the messages of spec §5. Errors stay hidden until the first submit attempt (spec §5: "Form errors
 * show only after a submit attempt"), then follow every keystroke so a fixed field clears at once.
 * A failed attempt moves focus to the first invalid field, whose message is its description.
 */
export interface MatchRule<K extends string> {
  /** The confirmation field that shows the message, e.g. confirmPassword. */
  field: K;
  /** The field it must equal, e.g. password. */
  sameAs: K;
  /** The schema's own message for the mismatch (spec §5 'Passwords not matching'). */
  message: string;
}

export function useZodForm<S extends z.ZodType<unknown, FormValues>>(
  schema: S,
  initial: z.input<S>,
  options: { match?: MatchRule<keyof z.input<S> & string> } = {},
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [attempts, setAttempts] = useState(0);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  // The keys are the schema's own fields: the issues' paths come from parsing these values.
  const errors = (attempts > 0 && !parsed.success ? fieldErrors(parsed.error) : {}) as Partial<
    Record<keyof z.input<S> & string, string>
  >;
  // A zod object runs its cross-field check (confirmation equals password) only once every field
  // is valid. The visitor should see every problem at once, so the same rule, with the schema's
  // message, is shown while other fields are still wrong; the schema still decides submission.
  const match = options.match;
  if (attempts > 0 && match && !errors[match.field]) {
    const confirmation = values[match.field] ?? '';
    const original = values[match.sameAs] ?? '';
    if (confirmation !== '' && original !== '' && confirmation !== original) {
      errors[match.field] = match.message;
    }
  }

  useEffect(() => {
    if (failedAttempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  function setValue(name: keyof z.input<S> & string, value: string) {
    setValues((previous) => ({ ...previous, [name]: value }));
  }

  /** The submit handler: validates, shows errors, and calls `onValid` with the parsed data. */
  function handleSubmit(onValid: (data: z.output<S>) => unknown) {
    return (event?: FormEvent) => {
      event?.preventDefault();
      setAttempts((count) => count + 1);
      const result = schema.safeParse(values);
      if (result.success) onValid(result.data);
      else setFailedAttempts((count) => count + 1);
    };
  }

  /** Props binding one field to a TextField: its value, its setter and its message. */
  function field(name: keyof z.input<S> & string): FieldBinding {
    return {
      value: values[name] ?? '',
      onValueChange: (value: string) => setValue(name, value),
      error: errors[name],
    };
  }

  /** Back to the given values (or the initial ones), errors hidden until the next attempt. */
  function reset(next: z.input<S> = initial) {
    setValues(next);
    setAttempts(0);
  }

  return {
    values,
    setValue,
    setValues,
    field,
    errors,
    /** True once the visitor has tried to submit. */
    attempted: attempts > 0,
    handleSubmit,
    reset,
    formRef,
  };
}
