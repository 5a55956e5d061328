import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Drawer } from '../../components/overlays';
import {
  COUNTRIES,
  MEMBERS_AGE_DEFAULTS,
  ZMemberSearchPreferences,
  type TCommunity,
  type TMemberSearchPreferences,
} from '@rhema/schemas';
import { FormAlert, useSchemaForm, zodValidate } from '../../lib/forms';
import { filtersOf } from './members-search';

/** The form's own values: Mantine's empty select is null and an empty number input ''. */
interface FilterValues {
  [key: string]: unknown;
  community: string | null;
  country_code: string | null;
  gender: string | null;
  min_age: number | string;
  max_age: number | string;
  verified_only: boolean;
}

const GENDER_OPTIONS = [
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
];

const toValues = (filters: TMemberSearchPreferences): FilterValues => ({
  community: filters.community ?? null,
  country_code: filters.country_code ?? null,
  gender: filters.gender ?? null,
  min_age: filters.min_age ?? '',
  max_age: filters.max_age ?? '',
  verified_only: filters.verified_only ?? false,
});

const validateFilters = zodValidate<TMemberSearchPreferences>(ZMemberSearchPreferences);

/**
 * The members list's filters in a drawer, so on a phone they take no room above the first member until asked
 * for. "Show members" applies and saves them (the member's next visit opens with them); "Clear filters" both.
 */
export function MemberFilters({
  opened,
  onClose,
  filters,
  communities,
  onApply,
  saving,
  saveError,
}: {
  opened: boolean;
  onClose: () => void;
  filters: TMemberSearchPreferences;
  communities: readonly TCommunity[];
  onApply: (filters: TMemberSearchPreferences) => void;
  saving: boolean;
  saveError: string | null;
}) {
  const { form, formError, onSubmit } = useSchemaForm<FilterValues>({
    initialValues: toValues(filters),
    validate: (values, errors) => Object.assign(errors, validateFilters(filtersOf(values))),
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the filters' }}
      // the drawer opens with the values now in force, not those of an earlier, abandoned edit
      transitionProps={{ onEnter: () => form.setValues(toValues(filters)) }}
    >
      <form
        aria-label="Filter members"
        noValidate
        onSubmit={onSubmit((values) => onApply(filtersOf(values)))}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your filters are saved: the members list opens with them next time.
          </Text>
          <Select
            label="Community"
            placeholder="Any community"
            clearable
            comboboxProps={{ withinPortal: false }}
            data={communities.map((c) => ({ value: c.slug, label: c.name }))}
            {...form.getInputProps('community')}
          />
          <Select
            label="Country"
            placeholder="Any country"
            clearable
            comboboxProps={{ withinPortal: false }}
            data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
            {...form.getInputProps('country_code')}
          />
          <Select
            label="Gender"
            placeholder="Any"
            clearable
            comboboxProps={{ withinPortal: false }}
            data={GENDER_OPTIONS}
            {...form.getInputProps('gender')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label="Minimum age"
              min={18}
              max={120}
              placeholder={String(MEMBERS_AGE_DEFAULTS.min)}
              {...form.getInputProps('min_age')}
            />
            <NumberInput
              label="Maximum age"
              min={18}
              max={120}
              placeholder={String(MEMBERS_AGE_DEFAULTS.max)}
              {...form.getInputProps('max_age')}
            />
          </SimpleGrid>
          <Checkbox
            label="Verified members only"
            description="Members whose identity a verification provider has checked"
            {...form.getInputProps('verified_only', { type: 'checkbox' })}
          />
          <FormAlert message={formError ?? saveError} />
          <Group mt="xs">
            <Button type="submit" loading={saving}>
              Show members
            </Button>
            <Button
              variant="default"
              disabled={saving}
              onClick={() => {
                form.setValues(toValues({}));
                onApply({});
              }}
            >
              Clear filters
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
