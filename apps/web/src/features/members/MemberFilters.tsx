import { useEffect, useEffectEvent } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Drawer } from '../../components/overlays';
import { PlainNumberInput, PlainSelect } from '../../components/PlainFields';
import {
  COUNTRIES,
  MEMBERS_AGE_DEFAULTS,
  type TCommunity,
  type TMemberSearchPreferences,
} from '@rhema/schemas';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { filtersOf, membersSearchSchemas } from './members-search';

/** The form's own values: an empty select or number input is ''. */
interface FilterValues {
  [key: string]: unknown;
  community: string;
  country_code: string;
  gender: string;
  min_age: number | string;
  max_age: number | string;
  verified_only: boolean;
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const GENDER_OPTIONS = [
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
];

const toValues = (filters: TMemberSearchPreferences): FilterValues => ({
  community: filters.community ?? '',
  country_code: filters.country_code ?? '',
  gender: filters.gender ?? '',
  min_age: filters.min_age ?? '',
  max_age: filters.max_age ?? '',
  verified_only: filters.verified_only ?? false,
});

/** The filters' schema, imported when the form is first focused or submitted: /members loads no schema. */
const loadSchema = () => membersSearchSchemas().then((schemas) => schemas.ZMemberSearchPreferences);

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
  const { form, formError, onSubmit, preloadSchema } = useSchemaForm({
    initialValues: toValues(filters),
    loadSchema,
    // the schema checks, and "Show members" applies, only the filters that are on
    toInput: filtersOf,
  });
  // the drawer opens with the values now in force, not those of the page's first render (the saved filters come
  // after it) nor of an earlier, abandoned edit
  const showFiltersInForce = useEffectEvent(() => form.setValues(toValues(filters)));
  useEffect(() => {
    if (opened) showFiltersInForce();
  }, [opened]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the filters' }}
    >
      <form
        aria-label="Filter members"
        noValidate
        onFocus={preloadSchema}
        onSubmit={onSubmit((input) => onApply(filtersOf(input)))}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your filters are saved: the members list opens with them next time.
          </Text>
          <PlainSelect
            label="Community"
            empty="Any community"
            options={communities.map((c) => ({ value: c.slug, label: c.name }))}
            {...form.getInputProps('community')}
          />
          <PlainSelect
            label="Country"
            empty="Any country"
            options={COUNTRY_OPTIONS}
            {...form.getInputProps('country_code')}
          />
          <PlainSelect
            label="Gender"
            empty="Any"
            options={GENDER_OPTIONS}
            {...form.getInputProps('gender')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <PlainNumberInput
              label="Minimum age"
              min={18}
              max={120}
              placeholder={String(MEMBERS_AGE_DEFAULTS.min)}
              {...form.getInputProps('min_age')}
            />
            <PlainNumberInput
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
