import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { INTRODUCTION_DEFAULTS, ZIntroductionForm } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/**
 * 'Create introduction': spouse ages (defaults 30 and 50), heights, state of origin, tribe, city,
 * open to people outside the current country, add to public (user view only), details, the consultant's note.
 * Registering creates the introduction, then the record reloads.
 */
export function IntroductionForm({
  userId,
  withPublic,
  onCreated,
}: {
  userId: string;
  withPublic: boolean;
  /** the new introduction's id, once the lists are fresh */
  onCreated: (id: string) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZIntroductionForm,
    initialValues: {
      min_age: INTRODUCTION_DEFAULTS.minAge as number | string,
      max_age: INTRODUCTION_DEFAULTS.maxAge as number | string,
      min_height: '' as number | string,
      my_height: '' as number | string,
      state: '',
      tribe: '',
      city: '',
      distant_relationship: INTRODUCTION_DEFAULTS.distantRelationship as boolean,
      is_public: false,
      require_verification: false,
      details: '',
      note: '',
    },
  });
  const register = useMutation(
    trpc.admin.register.mutationOptions({
      ...serverErrors,
      onSuccess: async (created) => {
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        onCreated(created._id);
      },
    }),
  );

  return (
    <form
      noValidate
      aria-labelledby="create-introduction-title"
      onSubmit={onSubmit((input) => register.mutate({ ...input, userId }))}
    >
      <Stack gap="sm">
        <Title order={2} id="create-introduction-title" size="h3">
          Create introduction
        </Title>
        <FormAlert title="Could not create the introduction" message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Min age for spouse" min={18} max={120} {...form.getInputProps('min_age')} />
          <NumberInput label="Max age for spouse" min={18} max={120} {...form.getInputProps('max_age')} />
          <NumberInput
            label="Min height wanted (cm)"
            min={100}
            max={250}
            {...form.getInputProps('min_height')}
          />
          <NumberInput label="Own height (cm)" min={100} max={250} {...form.getInputProps('my_height')} />
          <TextInput label="State of origin" {...form.getInputProps('state')} />
          <TextInput label="Tribe" {...form.getInputProps('tribe')} />
          <TextInput label="City" {...form.getInputProps('city')} />
        </SimpleGrid>
        <Checkbox
          label="Open to people outside current country"
          {...form.getInputProps('distant_relationship', { type: 'checkbox' })}
        />
        {withPublic ? (
          <Checkbox label="Add to public" {...form.getInputProps('is_public', { type: 'checkbox' })} />
        ) : null}
        <Checkbox
          label="Require identity verification (this member, and the match when chosen)"
          {...form.getInputProps('require_verification', { type: 'checkbox' })}
        />
        <GrowingTextarea
          label="Details of what they are looking for"
          minRows={2}
          {...form.getInputProps('details')}
        />
        <GrowingTextarea label="Consultant's note" minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending}>
            Create introduction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
