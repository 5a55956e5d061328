import { Alert, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  COUNTRIES,
  DEFAULT_SORT_DIRECTION,
  GENDERS,
  USER_STATUSES,
  type TConsoleMemberRow,
  type TConsoleMemberSort,
  type TConsoleMembers,
} from '@rhema/schemas';
import { Moment } from '../../components/Moment';
import { PlainNumberInput, PlainSelect } from '../../components/PlainFields';
import { useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { StaticPart } from '../../lib/static-part';
import { countryName } from './format';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import { VisibilityMark } from './VisibilityMark';

// The members table of /admin21/users: its filters (a form on the procedure's schema, kept in the address) and its
// dense rows, each opening the member (its name is the row's focus for j/k and Enter) or their introductions.

type Filters = Pick<TConsoleMembers, 'status' | 'gender' | 'country_code' | 'min_age' | 'max_age'>;

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

const STATUS_LABEL: Record<(typeof USER_STATUSES)[number], string> = {
  active: 'Active',
  suspended: 'Suspended',
  terminated: 'Terminated',
};

/** The filters' schema, the procedure's, imported when the form is first focused or submitted. */
const loadSchema = () => import('./members-table-search').then((module) => module.ZConsoleMembersRequest);

/** The filters: status, gender, country and an age range; the schema refuses a minimum above the maximum. */
export function MembersFilters({
  values,
  onApply,
}: {
  values: Filters;
  onApply: (filters: Filters) => void;
}) {
  const { form, onSubmit, preloadSchema } = useSchemaForm({
    loadSchema,
    initialValues: {
      status: values.status ?? '',
      gender: values.gender ?? '',
      country_code: values.country_code ?? '',
      min_age: (values.min_age ?? '') as number | string,
      max_age: (values.max_age ?? '') as number | string,
    },
  });
  return (
    <form
      noValidate
      aria-label="Filter members"
      onFocus={preloadSchema}
      onSubmit={onSubmit(() => {
        // the schema is here: the form's check waited for it
        void loadSchema().then((schema) => {
          const parsed = schema.safeParse(form.getValues());
          if (parsed.success) onApply(parsed.data);
        });
      })}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PlainSelect
          label="Status"
          size="xs"
          empty="Any"
          options={USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          {...form.getInputProps('status')}
        />
        <PlainSelect
          label="Gender"
          size="xs"
          empty="Any"
          options={GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' }))}
          {...form.getInputProps('gender')}
        />
        <PlainSelect
          label="Country"
          size="xs"
          empty="Any"
          options={COUNTRY_OPTIONS}
          {...form.getInputProps('country_code')}
        />
        <PlainNumberInput
          label="Min age"
          size="xs"
          style={{ width: '5.625rem' }}
          {...form.getInputProps('min_age')}
        />
        <PlainNumberInput
          label="Max age"
          size="xs"
          style={{ width: '5.625rem' }}
          {...form.getInputProps('max_age')}
        />
        <Button type="submit" size="xs">
          Apply
        </Button>
      </Group>
    </form>
  );
}

/** A column header that sorts: by it in its usual direction, or turned round when it already sorts. */
function SortHeader({
  column,
  label,
  sort,
  dir,
}: {
  column: TConsoleMemberSort;
  label: string;
  sort: TConsoleMemberSort;
  dir: 'asc' | 'desc';
}) {
  const active = sort === column;
  const nextDir = active ? (dir === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_DIRECTION[column];
  return (
    <Table.Th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <AnchorLink
        to="/admin21/users"
        search={(prev) => ({
          ...prev,
          sort: column,
          dir: nextDir,
          page: undefined,
          after: undefined,
          before: undefined,
        })}
        fw={700}
        c="inherit"
      >
        {label}
        {active ? <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
        <VisuallyHidden>{active ? '' : ', sort by it'}</VisuallyHidden>
      </AnchorLink>
    </Table.Th>
  );
}

/**
 * The table: about 20 rows on one screen; the name opens the member, the count their introductions. It only shows
 * (links are its presses): the server's markup is kept (lib/static-part.tsx).
 */
export function MembersTable({
  rows,
  sort,
  dir,
}: {
  rows: readonly TConsoleMemberRow[];
  sort: TConsoleMemberSort;
  dir: 'asc' | 'desc';
}) {
  return (
    <Table.ScrollContainer minWidth={980} mt="sm">
      <StaticPart deps={[rows, sort, dir]}>
        <Table
          striped
          highlightOnHover
          verticalSpacing={3}
          horizontalSpacing="xs"
          fz="sm"
          aria-label="Members"
          // one line a row: about 20 rows on one screen
          style={{ whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="name" label="Name" sort={sort} dir={dir} />
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Phone</Table.Th>
              <Table.Th scope="col">Reference</Table.Th>
              <Table.Th scope="col">Age</Table.Th>
              <Table.Th scope="col">Country</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <SortHeader column="joined" label="Joined" sort={sort} dir={dir} />
              <Table.Th scope="col">Introductions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row._id} data-testid="member-row">
                <Table.Td>
                  <AnchorLink
                    data-console-row
                    to="/admin21/members/$id"
                    params={{ id: row._id }}
                    fw={600}
                    size="sm"
                  >
                    {row.first_name} {row.last_name}
                  </AnchorLink>
                  <VisibilityMark visibility={row.profile_visibility} size="xs" ml={6} />
                  {/* max-content: the badge's label clips (ellipsis), so without it the squeezed table counts the badge
                    narrower than it is and draws it over the email column */}
                  <VerifiedBadge verified={row.identity_verified} size="xs" ml={6} miw="max-content" />
                </Table.Td>
                <Table.Td
                  maw={260}
                  style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
                  title={row.email}
                >
                  {row.email}
                </Table.Td>
                <Table.Td>{row.phone ?? '—'}</Table.Td>
                <Table.Td ff="monospace">{row.contact_reference}</Table.Td>
                <Table.Td>{row.age}</Table.Td>
                <Table.Td>{countryName(row.country_code)}</Table.Td>
                <Table.Td>
                  {row.status === 'active' ? (
                    STATUS_LABEL.active
                  ) : (
                    <Badge size="sm" color="red.9" variant="light">
                      {STATUS_LABEL[row.status as keyof typeof STATUS_LABEL] ?? row.status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Moment kind="date" value={row.joined_at} />
                </Table.Td>
                <Table.Td>
                  <AnchorLink
                    size="sm"
                    to="/admin21/users/$id/introductions"
                    params={{ id: row._id }}
                    aria-label={`${row.introductions} introductions of ${row.first_name} ${row.last_name}`}
                  >
                    {row.introductions}
                  </AnchorLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StaticPart>
    </Table.ScrollContainer>
  );
}

/** The schema's message when the address breaks a rule (min_age above max_age): the table waits for a fix. */
export function FiltersRefused({ message }: { message: string }) {
  return (
    <Alert color="red" role="alert" mt="sm" title="These filters cannot be used">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
