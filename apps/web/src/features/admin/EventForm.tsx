import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  EVENT_AUDIENCE_LABEL,
  EVENT_AUDIENCES,
  EVENT_CAPACITY_MAX,
  ZAdminEventForm,
  type TAdminEvent,
  type TAdminEventForm,
} from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local field's value, in the browser's time zone ('2026-12-08T17:00'). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as the ISO moment the API takes; '' stays '' (refused). */
function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

interface Values extends Record<string, unknown> {
  title: string;
  city: string;
  venue: string;
  starts_at: string;
  ends_at: string;
  capacity: number | string;
  description: string;
  image_url: string;
  audience: (typeof EVENT_AUDIENCES)[number];
  community_id: string;
}

function valuesOf(event: TAdminEvent | undefined): Values {
  return {
    title: event?.title ?? '',
    city: event?.city ?? '',
    venue: event?.venue ?? '',
    starts_at: event ? toLocalInput(event.starts_at) : '',
    ends_at: event ? toLocalInput(event.ends_at) : '',
    capacity: event?.capacity ?? 20,
    description: event?.description ?? '',
    image_url: event?.image_url ?? '',
    audience: event?.audience ?? 'everyone',
    community_id: event?.community?._id ?? '',
  };
}

function toInput(values: Values): TAdminEventForm {
  return {
    title: values.title,
    city: values.city,
    venue: values.venue,
    starts_at: fromLocalInput(values.starts_at),
    ends_at: fromLocalInput(values.ends_at),
    capacity: Number(values.capacity),
    description: values.description,
    image_url: values.image_url.trim() || null,
    audience: values.audience,
    community_id: values.audience === 'community' ? values.community_id || null : null,
  };
}

/**
 * The console's event form, for a new event and for an edit: the API's schema (ZAdminEventForm) checks it here
 * first, the server's refusals (fewer places than confirmed guests) land on their field.
 */
export function EventForm({
  event,
  submitLabel,
  pending,
  onSubmit,
}: {
  event?: TAdminEvent;
  submitLabel: string;
  pending: boolean;
  /** the caller's mutation (meta showsOwnErrors), which hands a refusal to `showServerError` for its field */
  onSubmit: (form: TAdminEventForm, showServerError: (error: unknown) => void) => void;
}) {
  const trpc = useTrpc();
  const communities = useQuery(trpc.communities.list.queryOptions({}));
  const schemaForm = useSchemaForm({ initialValues: valuesOf(event), schema: ZAdminEventForm, toInput });
  const { form, formError } = schemaForm;
  const audience = form.getValues().audience;

  return (
    <form
      noValidate
      onSubmit={schemaForm.onSubmit((input) =>
        onSubmit(input as TAdminEventForm, schemaForm.showServerError),
      )}
    >
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" required {...form.getInputProps('city')} />
          <TextInput label="Venue" required {...form.getInputProps('venue')} />
          <TextInput type="datetime-local" label="Starts" required {...form.getInputProps('starts_at')} />
          <TextInput type="datetime-local" label="Ends" required {...form.getInputProps('ends_at')} />
          <NumberInput
            label="Places"
            required
            min={1}
            max={EVENT_CAPACITY_MAX}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <NativeSelect
            label="Who may come"
            data={EVENT_AUDIENCES.map((a) => ({ value: a, label: EVENT_AUDIENCE_LABEL[a] }))}
            {...form.getInputProps('audience')}
          />
        </SimpleGrid>
        {audience === 'community' ? (
          <NativeSelect
            label="Community"
            required
            data={[
              { value: '', label: 'Choose a community' },
              ...(communities.data ?? []).map((c) => ({ value: c._id, label: c.name })),
            ]}
            {...form.getInputProps('community_id')}
          />
        ) : null}
        <GrowingTextarea label="Description" required minRows={4} {...form.getInputProps('description')} />
        <TextInput
          label="Image address"
          description="Optional: an https address, or a path on this site (/images/…)"
          {...form.getInputProps('image_url')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
