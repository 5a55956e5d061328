import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import {
  CONSOLE_SEARCH_KEY_LABEL,
  type TConsoleSearchResult,
  type ZConsoleSearchRequest,
} from '@rhema/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTrpc } from '../../lib/use-trpc';
import { VisibilityMark } from './VisibilityMark';

/** What a result shows beside the name: the value it matched on. */
function matchedValue(result: TConsoleSearchResult): string {
  if (result.matched === 'phone') return result.phone ?? '';
  if (result.matched === 'reference') return result.contact_reference;
  if (result.matched === 'email' || result.matched === 'name') return result.email;
  return `${CONSOLE_SEARCH_KEY_LABEL.payment}: ${result.contact_reference}`;
}

/**
 * The console's one search box, on top of every console page: a member by name, email, phone, contact reference
 * or premium payment reference; arrows choose a result, Enter opens the member. '/' focuses it (ConsoleKeys).
 */
export function ConsoleSearch({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const trpc = useTrpc();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [typed] = useDebouncedValue(value, 200);
  // the schema (and zod with it) loads when the box is first focused: a console page nobody searches from builds
  // neither (docs/decisions/205-fewer-schemas-on-first-screen.md); until then nothing typed can be searched
  const [schema, setSchema] = useState<typeof ZConsoleSearchRequest | null>(null);
  const loadSchema = () => {
    // a failed import is tried again at the next focus or key
    if (!schema)
      import('./console-search-schema').then(
        (m) => setSchema(m.ZConsoleSearchRequest),
        () => undefined,
      );
  };
  const parsed = schema ? schema.safeParse({ q: typed }) : ({ success: false } as const);
  const results = useQuery({
    ...trpc.admin.consoleSearch.queryOptions(parsed.success ? parsed.data : { q: '' }),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });
  const found = parsed.success ? (results.data?.data ?? []) : [];
  const open = (id: string) => {
    combobox.closeDropdown();
    setValue('');
    void navigate({ to: '/admin21/members/$id', params: { id } });
  };
  // The list (a Popover with Floating UI, which set state as they mount) is mounted at the box's first focus or key:
  // a console page hydrated it on every load for a search most visits never make
  // (bench/results/2026-11-29-hydration-tasks.md). The box is drawn anew inside it and takes the focus back.
  const [listMounted, setListMounted] = useState(false);
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(ownRef, inputRef);
  useEffect(() => {
    if (listMounted) ownRef.current?.focus();
  }, [listMounted]);
  const box = (
    <TextInput
      ref={ref}
      type="search"
      aria-label="Find a member"
      placeholder="Find a member: name, email, phone, reference"
      value={value}
      maw={520}
      style={{ flex: 1 }}
      rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      onChange={(event) => {
        // focused before the page was hydrated: no focus event came
        loadSchema();
        setListMounted(true);
        setValue(event.currentTarget.value);
        combobox.openDropdown();
        combobox.updateSelectedOptionIndex();
      }}
      onFocus={() => {
        loadSchema();
        setListMounted(true);
        combobox.openDropdown();
      }}
      onBlur={() => combobox.closeDropdown()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setValue('');
      }}
    />
  );
  if (!listMounted) return box;
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => open(id)}
      // the first result is chosen as the results come, so Enter opens it at once
      withinPortal={false}
    >
      <Combobox.Target>{box}</Combobox.Target>
      <Combobox.Dropdown hidden={!parsed.success}>
        <Combobox.Options aria-label="Members found">
          {found.map((result) => (
            <Combobox.Option value={result._id} key={result._id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {result.first_name} {result.last_name}
                  </Text>
                  <VisibilityMark visibility={result.profile_visibility} size="xs" />
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {CONSOLE_SEARCH_KEY_LABEL[result.matched]} · {matchedValue(result)}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {parsed.success && results.data && found.length === 0 ? (
            <Combobox.Empty>No member matches “{typed}”.</Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
