import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { describeError } from './describe-error';
import { zodValidate } from './zod-validate';

type Values = Record<string, unknown>;

export interface SchemaFormOptions<V extends Values, S extends z.ZodType | undefined> {
  initialValues: V;
  /** The request schema the server parses with (packages/schemas); absent: the server alone decides. */
  schema?: S;
  /**
   * The same schema, imported when the form is first focused or submitted instead of with the page: a form on a
   * page's first screen then builds no schema as the page loads (docs/decisions/205-fewer-schemas-on-first-screen.md).
   * Give `schema` or this, not both; a submit before it arrived waits for it.
   */
  loadSchema?: () => Promise<S>;
  /** Client-only checks added to the schema's (they save a round trip; the server checks again). */
  validate?: (values: V, errors: FormErrors) => void;
  /** The request the values make, when it is not the values as they are (an optional choice left empty is left
   * out): the schema checks it and the submit handler receives it. */
  toInput?: (values: V) => unknown;
  /** Errors shown from the first render: values that came from an address the schema refuses. */
  initialErrors?: FormErrors;
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
  /** Scrolls the first refused field (or the form's alert) into view and focuses it, after it rendered. */
  revealFirstError: () => void;
  /** With `loadSchema`: starts importing the schema (`<form onFocus={preloadSchema}>`); otherwise does nothing. */
  preloadSchema: () => void;
}

/**
 * A long form's refusal must be seen where it is, not above the fold: the first invalid field (aria-invalid, as
 * Mantine marks it) or else the form's alert is brought to the middle of the screen and focused.
 */
function revealIn(formElement: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const target =
      formElement?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formElement?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (target.getAttribute('role') !== 'alert') target.focus({ preventScroll: true });
  });
}

/**
 * The one way to build a form: Mantine's useForm on a zod schema from packages/schemas, with the
 * server's errors shown on the field it names (describeError). Used by member and staff screens alike.
 */
export function useSchemaForm<V extends Values, S extends z.ZodType | undefined = undefined>(
  options: SchemaFormOptions<V, S>,
): SchemaForm<V, S> {
  const { validate, toInput, loadSchema } = options;
  /** The schema `loadSchema` brought (a given `schema` is read from the options at each render). */
  const loaded = useRef<z.ZodType | undefined>(undefined);
  const loading = useRef<Promise<void> | null>(null);
  /** Resolves once the schema is here, or its import failed (tried again next time; the server checks anyway). */
  const schemaReady = useCallback((): Promise<void> => {
    if (!loadSchema || loaded.current) return Promise.resolve();
    loading.current ??= loadSchema().then(
      (schema) => {
        loaded.current = schema;
      },
      () => {
        loading.current = null;
      },
    );
    return loading.current;
  }, [loadSchema]);
  const preloadSchema = useCallback(() => void schemaReady(), [schemaReady]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    initialErrors: options.initialErrors,
    validate:
      options.schema || loadSchema || validate
        ? (values: V) => {
            const schema = options.schema ?? loaded.current;
            const errors = schema ? zodValidate<unknown>(schema)(toInput ? toInput(values) : values) : {};
            validate?.(values, errors);
            return errors;
          }
        : undefined,
  });
  const fields = useMemo(() => Object.keys(options.initialValues), [options.initialValues]);
  const formElement = useRef<HTMLFormElement | null>(null);
  const revealFirstError = useCallback(() => revealIn(formElement.current), []);
  const { setFieldError } = form;
  const showServerError = useCallback(
    (error: unknown) => {
      const { field, message } = describeError(error, fields);
      if (field) setFieldError(field, message);
      else setFormError(message);
      revealFirstError();
    },
    [fields, setFieldError, revealFirstError],
  );
  const onSubmit = useCallback<SchemaForm<V, S>['onSubmit']>(
    (handler) => (event) => {
      if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
      const submit = form.onSubmit(
        (values) => {
          setFormError(null);
          // the schema accepted these values, so they are its input type
          handler((toInput ? toInput(values) : values) as Submitted<V, S>);
        },
        // a keyboard or screen-reader user lands on the first thing to fix, brought into view
        () => revealFirstError(),
      );
      if (loadSchema && !loaded.current) {
        // the schema is still coming: the submit waits for it (the page does not reload meanwhile); Mantine's form
        // reads its values at the time, not from this render
        event?.preventDefault();
        void schemaReady().then(() => submit());
        return;
      }
      submit(event);
    },
    [form, toInput, revealFirstError, loadSchema, schemaReady],
  );
  return {
    form,
    formError,
    onSubmit,
    showServerError,
    revealFirstError,
    preloadSchema,
    serverErrors: { onError: showServerError, meta: { showsOwnErrors: true } },
  };
}
