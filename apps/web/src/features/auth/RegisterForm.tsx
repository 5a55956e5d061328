import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ageOn,
  COUNTRIES,
  MAILED_CODE_LENGTH,
  MIN_AGE,
  PASSWORD_MIN,
  ZRegisterConfirmRequest,
  ZRegisterRequest,
} from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { rememberSignedIn, type SessionUser } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';

/**
 * Sign-up in two steps (docs/decisions/131-work-after-the-answer.md): the form, then the code mailed to the
 * address. The first answer is the same whether or not the address already has an account.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (user: SessionUser) => void }) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  if (sent) {
    return <ConfirmRegistrationForm sent={sent} onBack={() => setSent(null)} onRegistered={onRegistered} />;
  }
  return <RegistrationDetailsForm onSent={setSent} />;
}

function ConfirmRegistrationForm({
  sent,
  onBack,
  onRegistered,
}: {
  sent: { email: string; message: string };
  onBack: () => void;
  onRegistered: (user: SessionUser) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZRegisterConfirmRequest,
    initialValues: { email: sent.email, code: '' },
  });
  const confirm = useMutation(
    trpc.auth.confirmRegistration.mutationOptions({
      ...serverErrors,
      onSuccess: ({ user }) => {
        rememberSignedIn(queryClient, trpc, user);
        onRegistered(user);
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit((input) => confirm.mutate(input))}>
      <Stack gap="md">
        <Alert color="plum" variant="light" role="status" title="Check your email">
          {sent.message} We wrote to {sent.email}; the code is valid for 30 minutes.
        </Alert>
        <FormAlert title="Could not create your account" message={formError} />
        <TextInput
          label="Code"
          description={`The ${MAILED_CODE_LENGTH} digits from the email`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAILED_CODE_LENGTH}
          withAsterisk
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onBack}>
            Change my details
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RegistrationDetailsForm({ onSent }: { onSent: (sent: { email: string; message: string }) => void }) {
  const trpc = useTrpc();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZRegisterRequest,
    initialValues: {
      email: '',
      password: '',
      first_name: '',
      last_name: '',
      gender: '',
      date_of_birth: '',
      country_code: '',
      phone: '',
    },
    validate: (values, errors) => {
      // the server decides (and says so too); this only saves a round trip
      if (
        !errors.date_of_birth &&
        values.date_of_birth &&
        ageOn(values.date_of_birth, new Date()) < MIN_AGE
      ) {
        errors.date_of_birth = `You must be at least ${MIN_AGE} years old to join.`;
      }
    },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      ...serverErrors,
      onSuccess: ({ message }, input) => onSent({ email: input.email.trim().toLowerCase(), message }),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit((input) => register.mutate(input))}>
      <Stack gap="md">
        <FormAlert title="Could not create your account" message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            withAsterisk
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password.`}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Radio.Group label="Gender" withAsterisk {...form.getInputProps('gender')}>
          <Group mt="xs">
            <Radio value="female" label="Female" />
            <Radio value="male" label="Male" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Date of birth"
            type="date"
            description={`You must be ${MIN_AGE} or over`}
            autoComplete="bday"
            withAsterisk
            {...form.getInputProps('date_of_birth')}
          />
          <Select
            label="Country of residence"
            placeholder="Choose a country"
            data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
            searchable
            withAsterisk
            {...form.getInputProps('country_code')}
          />
        </SimpleGrid>
        <TextInput
          label="Phone number"
          description="In international format, e.g. +447700900123. Only shared when you accept an introduction."
          type="tel"
          autoComplete="tel"
          withAsterisk
          {...form.getInputProps('phone')}
        />
        <Text fz="sm" c="dimmed">
          By creating an account you agree to our <AnchorLink to="/terms">terms of service</AnchorLink> and
          confirm you have read our <AnchorLink to="/privacy">privacy policy</AnchorLink>.
        </Text>
        <Group justify="space-between">
          <Text fz="sm">
            Already a member? <AnchorLink to="/auth/login">Sign in</AnchorLink>
          </Text>
          <Button type="submit" loading={register.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
