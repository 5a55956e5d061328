import {
  Alert,
  Anchor,
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
import { useForm } from '@mantine/form';
import { ageOn, COUNTRIES, MIN_AGE, PASSWORD_MIN, ZRegisterRequest } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { rememberSignedIn, type SessionUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { describeError } from './server-errors';
import { zodValidate } from './zod-form';

interface Values {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  gender: string;
  date_of_birth: string;
  country_code: string;
  phone: string;
}
const FIELDS = [
  'email',
  'password',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'country_code',
  'phone',
] as const;

const validateSchema = zodValidate<Values>(ZRegisterRequest);

export function RegisterForm({ onRegistered }: { onRegistered: (user: SessionUser) => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
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
    validate: (values) => {
      const errors = validateSchema(values);
      // the server decides (and says so too); this only saves a round trip
      if (
        !errors.date_of_birth &&
        values.date_of_birth &&
        ageOn(values.date_of_birth, new Date()) < MIN_AGE
      ) {
        errors.date_of_birth = `You must be at least ${MIN_AGE} years old to join.`;
      }
      return errors;
    },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: ({ user }) => {
        rememberSignedIn(queryClient, trpc, user);
        onRegistered(user);
      },
      onError: (error) => {
        const { field, message } = describeError(error, FIELDS);
        if (field) form.setFieldError(field, message);
        else setFormError(message);
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        register.mutate(values as Parameters<typeof register.mutate>[0]);
      })}
    >
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert" title="Could not create your account">
            {formError}
          </Alert>
        ) : null}
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
          By creating an account you agree to our{' '}
          <Anchor component={Link} to="/terms">
            terms of service
          </Anchor>{' '}
          and confirm you have read our{' '}
          <Anchor component={Link} to="/privacy">
            privacy policy
          </Anchor>
          .
        </Text>
        <Group justify="space-between">
          <Text fz="sm">
            Already a member?{' '}
            <Anchor component={Link} to="/auth/login">
              Sign in
            </Anchor>
          </Text>
          <Button type="submit" loading={register.isPending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
