import { Alert, Button, Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import { COUNTRIES, TRAINING_CONSENT_TEXT, TRAINING_TOPICS, ZTrainingSignupRequest } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

/** The training centre's early-signup form: validated here with the API's own schema, stored by training.signup. */
export function TrainingSignupForm() {
  const trpc = useTrpc();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZTrainingSignupRequest,
    initialValues: { first_name: '', email: '', country_code: '', topics: [] as string[], consent: false },
    // 'Prefer not to say' is no country: the request leaves it out
    toInput: ({ country_code, ...rest }) => (country_code ? { ...rest, country_code } : rest),
  });
  const signup = useMutation(
    trpc.training.signup.mutationOptions({ ...serverErrors, onSuccess: () => form.reset() }),
  );

  if (signup.isSuccess) {
    return (
      <Alert color="green" title="You're on the list" role="status" variant="light">
        {signup.data.message}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={onSubmit((input) => signup.mutate(input))}
      noValidate
      aria-label="Early signup for the training centre"
    >
      <Stack gap="md">
        <FormAlert title="We could not add you just now" message={formError} />
        <TextInput
          id="training-first_name"
          label="First name"
          autoComplete="given-name"
          required
          {...form.getInputProps('first_name')}
        />
        <TextInput
          id="training-email"
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <NativeSelect
          id="training-country_code"
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
              <Checkbox key={topic.value} value={topic.value} label={topic.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox
          id="training-consent"
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
