import { useRef } from 'react';
import { Alert, Button, Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import {
  COUNTRIES,
  TOO_MANY_REQUESTS_MESSAGE,
  TRAINING_CONSENT_TEXT,
  TRAINING_FORM_PATH,
  TRAINING_SIGNUP_MESSAGE,
  TRAINING_TOPICS,
  ZTrainingSignupOutcome,
  ZTrainingSignupRequest,
} from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  FormAlert,
  UNEXPECTED_ERROR_MESSAGE,
  useSchemaForm,
  useTypedBeforeHydration,
  zodValidate,
} from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

// a type, not an interface: the form kit takes any record of values
type SignupValues = {
  first_name: string;
  email: string;
  country_code: string;
  topics: string[];
  consent: boolean;
};

// 'Prefer not to say' is no country: the request leaves it out
const toInput = ({ country_code, ...rest }: SignupValues) =>
  country_code ? { ...rest, country_code } : rest;

/**
 * The form's state after the server answered it posted without the app (apps/server/src/routes/training-form.ts):
 * the values it sent back, and for each field it refused, the schema's own message for that value (an email is not
 * sent back: its field is empty, and the message is the one for an address that is not valid).
 */
function fromOutcome(search: unknown) {
  const outcome = ZTrainingSignupOutcome.parse(search);
  const values: SignupValues = {
    first_name: outcome.first_name ?? '',
    email: '',
    country_code: outcome.country_code ?? '',
    topics: outcome.topics ?? [],
    consent: false,
  };
  const errors: FormErrors = {};
  if (outcome.signup === 'invalid') {
    const refused = new Set<string>(outcome.invalid ?? []);
    for (const [key, message] of Object.entries(zodValidate(ZTrainingSignupRequest)(toInput(values)))) {
      const field = key.split('.')[0] ?? key;
      if (refused.has(field) && !(field in errors)) errors[field] = message;
    }
  }
  const message =
    outcome.signup === 'limited'
      ? TOO_MANY_REQUESTS_MESSAGE
      : outcome.signup === 'failed'
        ? UNEXPECTED_ERROR_MESSAGE
        : null;
  return { done: outcome.signup === 'done', values, errors, message };
}

/**
 * The training centre's early-signup form: validated here with the API's own schema, stored by training.signup.
 * A real form too (POST to TRAINING_FORM_PATH): sent before the app hydrated the page, or without JavaScript, the
 * server stores it through the same procedure and sends the browser back here with the outcome in the address.
 */
export function TrainingSignupForm() {
  const trpc = useTrpc();
  const outcome = fromOutcome(useSearch({ from: '/training' }));
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZTrainingSignupRequest,
    initialValues: outcome.values,
    initialErrors: outcome.errors,
    toInput,
  });
  const signup = useMutation(
    trpc.training.signup.mutationOptions({ ...serverErrors, onSuccess: () => form.reset() }),
  );
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, form);

  if (signup.isSuccess || (outcome.done && signup.isIdle)) {
    return (
      <Alert color="green" title="You're on the list" role="status" variant="light">
        {signup.data?.message ?? TRAINING_SIGNUP_MESSAGE}
      </Alert>
    );
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={TRAINING_FORM_PATH}
      onSubmit={onSubmit((input) => signup.mutate(input))}
      noValidate
      aria-label="Early signup for the training centre"
    >
      <Stack gap="md">
        <FormAlert
          title="We could not add you just now"
          message={formError ?? (signup.isIdle ? outcome.message : null)}
        />
        <TextInput
          id="training-first_name"
          name="first_name"
          label="First name"
          autoComplete="given-name"
          required
          {...form.getInputProps('first_name')}
        />
        <TextInput
          id="training-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <NativeSelect
          id="training-country_code"
          name="country_code"
          label="Where do you live?"
          description="Optional: it helps us plan online and in-person sessions"
          {...form.getInputProps('country_code')}
          data={[
            { value: '', label: 'Prefer not to say' },
            ...COUNTRIES.map((c) => ({ value: c.code, label: c.name })),
          ]}
        />
        <Checkbox.Group
          id="training-topics"
          label="Which courses interest you?"
          description="Optional: choose any"
          {...form.getInputProps('topics')}
        >
          <Stack gap={8} mt={8}>
            {TRAINING_TOPICS.map((topic) => (
              <Checkbox key={topic.value} name="topics" value={topic.value} label={topic.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox
          id="training-consent"
          name="consent"
          label={TRAINING_CONSENT_TEXT}
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <div>
          <Button type="submit" size="md" loading={signup.isPending}>
            Join the early list
          </Button>
        </div>
      </Stack>
    </form>
  );
}
