import { Alert, Button, Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  COUNTRIES,
  TRAINING_CONSENT_TEXT,
  TRAINING_TOPICS,
  ZTrainingSignupRequest,
  type TTrainingSignupRequest,
} from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';

type Field = 'first_name' | 'email' | 'country_code' | 'topics' | 'consent';
type Errors = Partial<Record<Field, string>>;

const EMPTY = { first_name: '', email: '', country_code: '', topics: [] as string[], consent: false };

/** The training centre's early-signup form: validated here with the API's own schema, stored by training.signup. */
export function TrainingSignupForm() {
  const signup = useMutation(trpc.training.signup.mutationOptions());
  // updated through functions: autofill changes several fields in one task, each must see the others' new values
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      first_name: values.first_name,
      email: values.email,
      topics: values.topics,
      consent: values.consent,
      ...(values.country_code ? { country_code: values.country_code } : {}),
    };
    const parsed = ZTrainingSignupRequest.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`training-${first}`)?.focus();
      return;
    }
    setErrors({});
    signup.mutate(input as TTrainingSignupRequest, { onSuccess: () => setValues(EMPTY) });
  }

  if (signup.isSuccess) {
    return (
      <Alert color="green" title="You're on the list" role="status" variant="light">
        {signup.data.message}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Early signup for the training centre">
      <Stack gap="md">
        {signup.isError ? (
          <Alert color="red" title="We could not add you just now" role="alert">
            {signup.error.data?.code === 'TOO_MANY_REQUESTS'
              ? 'Too many signups from your connection. Please wait a few minutes and try again.'
              : signup.error.message}
          </Alert>
        ) : null}
        <TextInput
          id="training-first_name"
          label="First name"
          autoComplete="given-name"
          required
          value={values.first_name}
          error={errors.first_name}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setValues((current) => ({ ...current, first_name: value }));
          }}
        />
        <TextInput
          id="training-email"
          label="Email address"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setValues((current) => ({ ...current, email: value }));
          }}
        />
        <NativeSelect
          id="training-country_code"
          label="Where do you live?"
          description="Optional: it helps us plan online and in-person sessions"
          value={values.country_code}
          error={errors.country_code}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setValues((current) => ({ ...current, country_code: value }));
          }}
          data={[
            { value: '', label: 'Prefer not to say' },
            ...COUNTRIES.map((c) => ({ value: c.code, label: c.name })),
          ]}
        />
        <Checkbox.Group
          id="training-topics"
          label="Which courses interest you?"
          description="Optional: choose any"
          value={values.topics}
          error={errors.topics}
          onChange={(topics) => setValues((current) => ({ ...current, topics }))}
        >
          <Stack gap={8} mt={8}>
            {TRAINING_TOPICS.map((topic) => (
              <Checkbox key={topic.value} value={topic.value} label={topic.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox
          id="training-consent"
          label={TRAINING_CONSENT_TEXT}
          checked={values.consent}
          error={errors.consent}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setValues((current) => ({ ...current, consent: checked }));
          }}
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
