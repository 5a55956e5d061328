import { Alert, Button, Group, MultiSelect, Pill, Stack, Title } from '@mantine/core';
import {
  ANSWER_CHOICES,
  CORE_VALUE_CHOICES,
  COUNTRIES,
  MAIN_QUESTION_KEYS,
  PROFILE_LIMITS,
  type TProfileEditor,
} from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { describeError, FormAlert, useSchemaForm } from '../../lib/forms';
import { showSnackbar } from '../../lib/snackbar';
import { useTrpc } from '../../lib/use-trpc';
import { ChipCheckboxes } from '../../components/ChipCheckboxes';
import {
  PlainGrowingTextarea,
  PlainNumberInput,
  PlainSelect,
  PlainTextInput,
} from '../../components/PlainFields';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const MAIN_KEYS: ReadonlySet<string> = new Set(MAIN_QUESTION_KEYS);
/** The form's schema (and zod) come when the form is first focused or submitted, not with the page. */
const loadSchema = () => import('./profile-update-schema').then((module) => module.ZProfileUpdate);

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

/** A question's choices, with the member's own earlier answer kept selectable when it is not one of them. */
function choicesFor(key: string, current: string) {
  const choices = ANSWER_CHOICES[key];
  if (!choices) return undefined;
  return current && !choices.includes(current) ? [current, ...choices] : [...choices];
}

/**
 * The member's profile form: everything (/account/profile), or only the main parts (`main`: the onboarding's
 * answers step). Questions with choices are picked from a list; the server's refusals appear on the field they
 * name, brought into view, and a save is confirmed where the eye is (a notification and a line by the button).
 */
export function ProfileEditForm({
  editor,
  main = false,
  submitLabel = 'Save my profile',
  onSaved,
  extraActions,
}: {
  editor: TProfileEditor;
  main?: boolean;
  submitLabel?: string;
  onSaved?: () => void;
  extraActions?: ReactNode;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const { form, formError, onSubmit, revealFirstError, preloadSchema } = useSchemaForm({
    loadSchema,
    initialValues: valuesOf(editor),
  });
  const questions = main ? editor.questions.filter((q) => MAIN_KEYS.has(q.key)) : editor.questions;
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
        showSnackbar('Your profile has been saved.', 'success');
        void queryClient.invalidateQueries();
        onSaved?.();
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
        revealFirstError();
      },
    }),
  );
  const errors = form.errors;
  const coreValues = form.values.core_values;
  const coreValueChoices = [...new Set([...CORE_VALUE_CHOICES, ...coreValues])];
  return (
    <form
      noValidate
      onFocus={preloadSchema}
      aria-label={main ? 'About you' : 'Edit my profile'}
      onSubmit={onSubmit((input) => {
        setSaved(false);
        setFormMessage(null);
        update.mutate(input);
      })}
    >
      <Stack gap="md" maw={560}>
        <FormAlert message={formMessage ?? formError} />
        {main ? null : (
          <PlainTextInput
            label="First name"
            required
            autoComplete="given-name"
            maxLength={PROFILE_LIMITS.firstName}
            {...form.getInputProps('first_name')}
          />
        )}
        <PlainTextInput
          label="City"
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.place}
          {...form.getInputProps('city')}
        />
        {main ? null : (
          <PlainTextInput
            label="State of origin"
            maxLength={PROFILE_LIMITS.place}
            {...form.getInputProps('state_of_origin')}
          />
        )}
        <PlainNumberInput
          label="Height (cm)"
          description={`Between ${PROFILE_LIMITS.minHeightCm} and ${PROFILE_LIMITS.maxHeightCm} centimetres`}
          min={PROFILE_LIMITS.minHeightCm}
          max={PROFILE_LIMITS.maxHeightCm}
          step={1}
          {...form.getInputProps('height_cm')}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="lg" component="legend" mb="sm">
            About me
          </Title>
          <Stack gap="sm">
            {questions.map((question) => {
              const name = `answers.${question.key}`;
              const choices = choicesFor(question.key, String(form.values.answers[question.key] ?? ''));
              if (!choices) {
                return (
                  <PlainGrowingTextarea
                    key={question.key}
                    label={question.hint}
                    minRows={1}
                    maxLength={PROFILE_LIMITS.answer}
                    {...form.getInputProps(name)}
                  />
                );
              }
              // "Choose one", the empty first option, clears the answer
              return (
                <PlainSelect
                  key={question.key}
                  label={question.hint}
                  empty="Choose one"
                  options={choices}
                  {...form.getInputProps(name)}
                />
              );
            })}
          </Stack>
        </fieldset>
        <ChipCheckboxes
          legend="Core values"
          description={`Choose up to ${PROFILE_LIMITS.coreValues}: ${coreValues.length} chosen`}
          error={listError(errors, 'core_values')}
          choices={coreValueChoices}
          value={coreValues}
          max={PROFILE_LIMITS.coreValues}
          onChange={(next) => form.setFieldValue('core_values', next)}
        />
        <MultiSelect
          label="Citizenships"
          description={`Up to ${PROFILE_LIMITS.citizenships} countries`}
          placeholder={form.values.citizenships.length ? undefined : 'Search for a country'}
          data={COUNTRY_OPTIONS}
          searchable
          hidePickedOptions
          maxValues={PROFILE_LIMITS.citizenships}
          // each chosen country's remove button named for it (Mantine's own has no name)
          renderPill={({ option, value, onRemove, disabled, reorderProps }) => (
            <Pill
              withRemoveButton
              onRemove={onRemove}
              disabled={disabled}
              removeButtonProps={{ 'aria-label': `Remove ${option?.label ?? value}` }}
              {...reorderProps}
            >
              {option?.label ?? value}
            </Pill>
          )}
          {...form.getInputProps('citizenships')}
          error={listError(errors, 'citizenships')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {submitLabel}
          </Button>
          {extraActions}
        </Group>
        {saved ? (
          <Alert color="green" role="status">
            Your profile has been saved.
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
