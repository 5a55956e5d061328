import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { COUNTRIES, PROFILE_LIMITS, type TProfileEditor, ZProfileUpdate } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, FormAlert, useSchemaForm } from '../../lib/forms';
import { ButtonLink } from '../../lib/links';
import { trpc } from '../../lib/trpc';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** The form's values as the editor gives them (empty strings for what is not given). */
function valuesOf(editor: TProfileEditor) {
  return {
    first_name: editor.first_name,
    city: editor.city ?? '',
    state_of_origin: editor.state_of_origin ?? '',
    height_cm: (editor.height_cm ?? '') as number | string,
    answers: Object.fromEntries(editor.questions.map((q) => [q.key, q.answer])),
    core_values: editor.core_values,
    citizenships: editor.citizenships,
  };
}

/** A list field's error, whether it is about the list or one of its items ("citizenships.0"). */
function listError(errors: Record<string, unknown>, field: string) {
  const key = Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`));
  return key ? (errors[key] as string) : undefined;
}

/** /account/profile: every field the member can edit; the server's refusals appear on the field they name. */
export function ProfileEditForm({ editor }: { editor: TProfileEditor }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const { form, formError, onSubmit } = useSchemaForm({
    schema: ZProfileUpdate,
    initialValues: valuesOf(editor),
  });
  const fieldNames = [
    'first_name',
    'city',
    'state_of_origin',
    'height_cm',
    'core_values',
    'citizenships',
    ...editor.questions.map((q) => `answers.${q.key}`),
  ];
  const update = useMutation(
    trpc.profile.update.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (next) => {
        setSaved(true);
        form.setValues(valuesOf(next));
        form.resetDirty();
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        // a list item's path ("citizenships.0") is shown on its list
        const { field, message } = describeError(error, [
          ...fieldNames,
          ...Object.keys(form.values.citizenships).map((i) => `citizenships.${i}`),
          ...Object.keys(form.values.core_values).map((i) => `core_values.${i}`),
        ]);
        if (field) form.setFieldError(field.replace(/^(citizenships|core_values)\.\d+$/, '$1'), message);
        else setFormMessage(message);
      },
    }),
  );
  const errors = form.errors;
  return (
    <form
      noValidate
      aria-label="Edit my profile"
      onSubmit={onSubmit((input) => {
        setSaved(false);
        setFormMessage(null);
        update.mutate(input);
      })}
    >
      <Stack gap="md" maw={560}>
        {saved ? (
          <Alert color="green" role="status">
            Your profile has been saved.
          </Alert>
        ) : null}
        <FormAlert message={formMessage ?? formError} />
        <TextInput
          label="First name"
          required
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.firstName}
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label="City"
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.place}
          {...form.getInputProps('city')}
        />
        <TextInput
          label="State of origin"
          maxLength={PROFILE_LIMITS.place}
          {...form.getInputProps('state_of_origin')}
        />
        <NumberInput
          label="Height (cm)"
          description={`Between ${PROFILE_LIMITS.minHeightCm} and ${PROFILE_LIMITS.maxHeightCm} centimetres`}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          min={PROFILE_LIMITS.minHeightCm}
          max={PROFILE_LIMITS.maxHeightCm}
          {...form.getInputProps('height_cm')}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="lg" component="legend" mb="sm">
            About me
          </Title>
          <Stack gap="sm">
            {editor.questions.map((question) => (
              <Textarea
                key={question.key}
                label={question.hint}
                autosize
                minRows={1}
                maxLength={PROFILE_LIMITS.answer}
                {...form.getInputProps(`answers.${question.key}`)}
              />
            ))}
          </Stack>
        </fieldset>
        <TagsInput
          label="Core values"
          description={`Type a value and press Enter; at most ${PROFILE_LIMITS.coreValues}`}
          maxTags={PROFILE_LIMITS.coreValues}
          {...form.getInputProps('core_values')}
          error={listError(errors, 'core_values')}
        />
        <MultiSelect
          label="Citizenships"
          data={COUNTRY_OPTIONS}
          searchable
          maxValues={PROFILE_LIMITS.citizenships}
          {...form.getInputProps('citizenships')}
          error={listError(errors, 'citizenships')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save my profile
          </Button>
          <ButtonLink to="/account" variant="default">
            Back to my account
          </ButtonLink>
        </Group>
      </Stack>
    </form>
  );
}
