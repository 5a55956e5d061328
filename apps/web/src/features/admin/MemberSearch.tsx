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
  COUNTRY_CODES,
  GENDERS,
  MIN_AGE_ABOVE_MAX_MESSAGE,
  USER_STATUSES,
  type CountryCode,
  type TAdminSearchPage,
} from '@rhema/schemas';
import { useState } from 'react';
import { AnchorLink } from '../../lib/links';
import { describeError } from '../../lib/forms';
import { countryName, flagOf } from './format';
import { Pager } from './Pager';
import { enumParam, flagParam, intParam, pageParams, textParam } from './search-params';

/** The search as the URL carries it (spec section 2: gender, min_age, max_age, first_name, ...). */
export interface SearchQuery {
  gender?: 'male' | 'female' | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  first_name?: string | undefined;
  my_country_only?: boolean | undefined;
  country_code?: CountryCode | undefined;
  phone?: string | undefined;
  page?: number | undefined;
  status?: 'active' | 'suspended' | 'terminated' | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

/** The search's query string (spec section 2); anything unreadable reads as absent. */
export function readSearch(search: Record<string, unknown>): SearchQuery {
  return {
    gender: enumParam(search.gender, GENDERS),
    min_age: intParam(search.min_age, 0, 200),
    max_age: intParam(search.max_age, 0, 200),
    first_name: textParam(search.first_name, 60),
    my_country_only: flagParam(search.my_country_only),
    country_code: enumParam(search.country_code, COUNTRY_CODES),
    phone: textParam(search.phone, 30),
    status: enumParam(search.status, USER_STATUSES),
    ...pageParams(search),
  };
}

/** The search runs by itself when the URL has both ages (and they are in order). */
export function isRunnable(query: SearchQuery): boolean {
  return query.min_age !== undefined && query.max_age !== undefined && query.min_age <= query.max_age;
}

/** The search form: gender, age range slider 20-75 (22 and 40), first name, my country only, country, phone. */
export function SearchForm({
  query,
  onSearch,
}: {
  query: SearchQuery;
  onSearch: (query: SearchQuery) => void;
}) {
  const [gender, setGender] = useState<string>(query.gender ?? '');
  const [ages, setAges] = useState<[number, number]>([
    query.min_age ?? ADMIN_FILTER_DEFAULTS.minAge,
    query.max_age ?? ADMIN_FILTER_DEFAULTS.maxAge,
  ]);
  const [firstName, setFirstName] = useState(query.first_name ?? '');
  const [countryOnly, setCountryOnly] = useState(query.my_country_only ?? ADMIN_FILTER_DEFAULTS.countryOnly);
  const [country, setCountry] = useState<string>(query.country_code ?? ADMIN_FILTER_DEFAULTS.countryCode);
  const [phone, setPhone] = useState(query.phone ?? '');
  const minAboveMax = ages[0] > ages[1];

  return (
    <form
      noValidate
      aria-labelledby="search-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (minAboveMax) return;
        onSearch({
          gender: gender === 'male' || gender === 'female' ? gender : undefined,
          min_age: ages[0],
          max_age: ages[1],
          first_name: firstName.trim() || undefined,
          my_country_only: countryOnly,
          country_code: country as CountryCode,
          phone: phone.trim() || undefined,
          page: 1,
        });
      }}
    >
      <Stack gap="md" maw={560}>
        <Title order={2} id="search-title" size="h3">
          Search
        </Title>
        <NativeSelect
          label="Gender"
          value={gender}
          onChange={(event) => setGender(event.currentTarget.value)}
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
            onChange={setAges}
            thumbFromLabel="Minimum age"
            thumbToLabel="Maximum age"
            marks={[
              { value: AGE_SLIDER.min, label: String(AGE_SLIDER.min) },
              { value: AGE_SLIDER.max, label: String(AGE_SLIDER.max) },
            ]}
          />
        </div>
        <TextInput
          label="First name"
          description="May be blank"
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
        />
        <Checkbox
          label="My country only"
          checked={countryOnly}
          onChange={(event) => setCountryOnly(event.currentTarget.checked)}
        />
        <NativeSelect
          label="Country"
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value)}
          data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        />
        <TextInput
          label="Phone"
          description="A phone search overrides the other filters."
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
        />
        {minAboveMax ? (
          <Alert color="red" role="alert">
            {MIN_AGE_ABOVE_MAX_MESSAGE}
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
  onBack,
  onNext,
}: {
  page: TAdminSearchPage | undefined;
  isFetching: boolean;
  error: unknown;
  onClose: () => void;
  onBack: () => void;
  onNext: () => void;
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
                      <span role="img" aria-label={countryName(contact.country_code)}>
                        {flagOf(contact.country_code)}
                      </span>{' '}
                      {contact.first_name}, {user_age}
                    </AnchorLink>
                    <Text size="sm">{contact.data_occupation?.answer ?? 'Occupation not given'}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {contact.account_email}
                    </Text>
                    <Text size="sm">{contact.international_phone_number ?? 'No phone'}</Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Pager paginator={page.paginator} onBack={onBack} onNext={onNext} />
        </>
      ) : null}
    </section>
  );
}
