import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Loader,
  NativeSelect,
  RangeSlider,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADMIN_FILTER_DEFAULTS,
  AGE_SLIDER,
  COUNTRIES,
  GENDERS,
  type TAdminSearch,
  type TAdminSearchPage,
  type TAdminSearchRequest,
} from '@rhema/schemas';
import { AnchorLink } from '../../lib/links';
import { describeError, useSchemaForm } from '../../lib/forms';
import { VisibilityMark } from './VisibilityMark';
import { CountryFlag } from '../../components/CountryFlag';
import { Pager, type PagePosition } from '../../components/Pager';
import { ProposeMatch } from './ProposeMatch';

/** The search's schema, imported when the form is first focused or sent: the page loads no schema. */
const loadSchema = () => import('./search').then((module) => module.ZAdminSearchRequest);

/** The search form: gender, age range slider 20-75 (22 and 40), first name, my country only, country, phone. */
export function SearchForm({
  values,
  addressError,
  onSearch,
}: {
  /** the search's fields in the URL, to start from */
  values: Partial<TAdminSearch>;
  /** the schema's message for the URL's search (min_age above max_age), shown until the range is changed */
  addressError: string | null;
  onSearch: (query: TAdminSearchRequest) => void;
}) {
  const { form, onSubmit, preloadSchema } = useSchemaForm({
    loadSchema,
    initialValues: {
      gender: values.gender ?? '',
      ages: [
        values.min_age ?? ADMIN_FILTER_DEFAULTS.minAge,
        values.max_age ?? ADMIN_FILTER_DEFAULTS.maxAge,
      ] as [number, number],
      first_name: values.first_name ?? '',
      my_country_only: values.my_country_only ?? ADMIN_FILTER_DEFAULTS.countryOnly,
      country_code: values.country_code ?? ADMIN_FILTER_DEFAULTS.countryCode,
      phone: values.phone ?? '',
    },
    initialErrors: addressError ? { min_age: addressError } : {},
    // the procedure's own request: blanks left out, the range as its two ends, from the first page
    toInput: ({ gender, ages, first_name, my_country_only, country_code, phone }) => ({
      gender: gender || undefined,
      min_age: ages[0],
      max_age: ages[1],
      first_name: first_name.trim() || undefined,
      my_country_only,
      country_code,
      phone: phone.trim() || undefined,
      page: 1,
    }),
  });
  const ages = form.getValues().ages;

  return (
    <form noValidate aria-labelledby="search-title" onFocus={preloadSchema} onSubmit={onSubmit(onSearch)}>
      <Stack gap="md" maw={560}>
        <Title order={2} id="search-title" size="h3">
          Search
        </Title>
        <NativeSelect
          label="Gender"
          {...form.getInputProps('gender')}
          data={[
            { value: '', label: 'Any' },
            ...GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' })),
          ]}
        />
        <div>
          <Text id="age-range-label" size="sm" fw={500}>
            Age range: {ages[0]} to {ages[1]}
          </Text>
          <RangeSlider
            mt="xs"
            mb="lg"
            min={AGE_SLIDER.min}
            max={AGE_SLIDER.max}
            step={AGE_SLIDER.step}
            minRange={0}
            value={ages}
            onChange={(range) => {
              form.setFieldValue('ages', range);
              form.clearFieldError('min_age');
            }}
            thumbFromLabel="Minimum age"
            thumbToLabel="Maximum age"
            marks={[
              { value: AGE_SLIDER.min, label: String(AGE_SLIDER.min) },
              { value: AGE_SLIDER.max, label: String(AGE_SLIDER.max) },
            ]}
          />
        </div>
        <TextInput label="First name" description="May be blank" {...form.getInputProps('first_name')} />
        <Checkbox label="My country only" {...form.getInputProps('my_country_only', { type: 'checkbox' })} />
        <NativeSelect
          label="Country"
          {...form.getInputProps('country_code')}
          data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        />
        <TextInput
          label="Phone"
          description="A phone search overrides the other filters."
          type="tel"
          {...form.getInputProps('phone')}
        />
        {form.errors.min_age ? (
          <Alert color="red" role="alert">
            {form.errors.min_age}
          </Alert>
        ) : (
          <Group>
            <Button type="submit">Search</Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Paged results, each linking to /admin21/members/{contact id}; Close clears the query and shows the form. */
export function SearchResults({
  page,
  isFetching,
  error,
  onClose,
  onPage,
}: {
  page: TAdminSearchPage | undefined;
  isFetching: boolean;
  error: unknown;
  onClose: () => void;
  onPage: (page: number, position: PagePosition) => void;
}) {
  return (
    <section aria-labelledby="results-title">
      <Group justify="space-between" align="center">
        <Title order={2} id="results-title" size="h3">
          Results
          {page ? ` (${page.paginator.totalIsEstimate ? 'about ' : ''}${page.paginator.total})` : ''}
        </Title>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      {isFetching ? <Loader aria-label="Loading" my="md" /> : null}
      {error ? (
        <Alert color="red" role="alert" my="md">
          {describeError(error, []).message}
        </Alert>
      ) : null}
      {page ? (
        <>
          {page.data.length === 0 ? <Text my="md">No member matches this search.</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
            {page.data.map(({ _id, user_age, contact }) => (
              <Card
                key={_id}
                withBorder
                component="article"
                aria-label={`${contact.first_name}, ${user_age}`}
              >
                <Group wrap="nowrap" align="flex-start">
                  {contact.profile_pic_url ? (
                    <Image src={contact.profile_pic_url} alt="" w={64} h={64} radius="sm" />
                  ) : null}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <AnchorLink to="/admin21/members/$id" params={{ id: contact._id }} fw={700}>
                      <CountryFlag code={contact.country_code} /> {contact.first_name}, {user_age}
                    </AnchorLink>
                    <VisibilityMark visibility={contact.profile_visibility} />
                    <Text size="sm">{contact.data_occupation?.answer ?? 'Occupation not given'}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {contact.account_email}
                    </Text>
                    <Text size="sm">{contact.international_phone_number ?? 'No phone'}</Text>
                    <ProposeMatch member={contact} size="xs" />
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Pager paginator={page.paginator} onPage={onPage} />
        </>
      ) : null}
    </section>
  );
}
