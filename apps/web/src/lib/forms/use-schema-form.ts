import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { describeError } from './describe-error';
import { zodValidate } from './zod-validate';

type Values = Record<string, unknown>;

export interface SchemaFormOptions<V extends Values, S extends z.ZodType | undefined> {
  initialValues: V;
  /** The request schema the server parses with (packages/schemas); absent: the server alone decides. */
  schema?: S;
  /** Client-only checks added to the schema's (they save a round trip; the server checks again). */
  validate?: (values: V, errors: FormErrors) => void;
}

/** What the submit handler receives: the values, typed as the schema's input once the schema accepted them. */
type Submitted<V extends Values, S> = S extends z.ZodType ? z.input<S> : V;

export interface SchemaForm<V extends Values, S> {
  form: UseFormReturnType<V>;
  /** A message the server gave for no field of this form (shown by <FormAlert>). */
  formError: string | null;
  /** `<form onSubmit={onSubmit((input) => mutation.mutate(input))}>`: clears old errors, validates, then calls. */
  onSubmit: (handler: (input: Submitted<V, S>) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * Spread into a mutation's options: a failed call's message lands on the field the server named, else in
   * formError; the global handler (lib/api-errors.ts) then shows no snack-bar for it but still acts on 401/417.
   */
  serverErrors: {
    onError: (error: unknown) => void;
    meta: { showsOwnErrors: true };
  };
  /** For a call outside serverErrors (several mutations on one form): the same treatment. */
  showServerError: (error: unknown) => void;
}

/**
 * The one way to build a form (issue 10): Mantine's useForm on a zod schema from packages/schemas, with the
 * server's errors shown on the field it names (describeError). Used by member and staff screens alike.
 */
export function useSchemaForm<V extends Values, S extends z.ZodType | undefined = undefined>(
  options: SchemaFormOptions<V, S>,
): SchemaForm<V, S> {
  const { schema, validate } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate:
      schema || validate
        ? (values: V) => {
            const errors = schema ? zodValidate<V>(schema)(values) : {};
            validate?.(values, errors);
            return errors;
          }
        : undefined,
  });
  const fields = useMemo(() => Object.keys(options.initialValues), [options.initialValues]);
  const { setFieldError } = form;
  const showServerError = useCallback(
    (error: unknown) => {
      const { field, message } = describeError(error, fields);
      if (field) setFieldError(field, message);
      else setFormError(message);
    },
    [fields, setFieldError],
  );
  const onSubmit = useCallback<SchemaForm<V, S>['onSubmit']>(
    (handler) => (event) =>
      form.onSubmit((values) => {
        setFormError(null);
        // the schema accepted these values, so they are its input type
        handler(values as Submitted<V, S>);
      })(event),
    [form],
  );
  return {
    form,
    formError,
    onSubmit,
    showServerError,
    serverErrors: { onError: showServerError, meta: { showsOwnErrors: true } },
  };
}
