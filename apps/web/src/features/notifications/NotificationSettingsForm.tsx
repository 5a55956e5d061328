import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MEMBER_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  STAFF_NOTIFICATION_KINDS,
  isStaffRole,
  type NotificationKind,
} from '@rhema/schemas';
import type { TNotificationSettings } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { sessionQueryOptions } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';
import classes from './NotificationSettingsForm.module.css';
import { DevicePush } from './DevicePush';

type Channels = { email: boolean; push: boolean };

/**
 * What the member is told of and how (docs/notifications.md): per kind, email and push (in the app always);
 * quiet hours in their time zone; a daily digest instead of single mails; discreet mode.
 */
export function NotificationSettingsForm() {
  const trpc = useTrpc();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const role = useQuery(sessionQueryOptions(trpc)).data?.user?.role ?? 'member';
  return (
    <Container size="md" py="xl">
      <Title order={1}>Notification settings</Title>
      <Text mt="xs">
        Everything shows in your notifications. Choose what also reaches your inbox and your devices.
      </Text>
      <AnchorLink to="/account/notifications" activeOptions={{ exact: true }}>
        Back to your notifications
      </AnchorLink>
      {settings.isError ? (
        <Alert color="red" role="alert" mt="md">
          {describeError(settings.error, []).message}
        </Alert>
      ) : settings.data ? (
        <SettingsForm
          initial={settings.data}
          kinds={
            isStaffRole(role)
              ? [...MEMBER_NOTIFICATION_KINDS, ...STAFF_NOTIFICATION_KINDS]
              : [...MEMBER_NOTIFICATION_KINDS]
          }
        />
      ) : (
        <Loader mt="md" aria-label="Loading your settings" />
      )}
    </Container>
  );
}

function SettingsForm({ initial, kinds }: { initial: TNotificationSettings; kinds: NotificationKind[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [channels, setChannels] = useState<Record<string, Channels>>(initial.kinds);
  const [quiet, setQuiet] = useState(initial.quiet_hours !== null);
  const [start, setStart] = useState(initial.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(initial.quiet_hours?.end ?? '07:00');
  const [timeZone, setTimeZone] = useState(initial.time_zone);
  const [digest, setDigest] = useState(initial.digest);
  const [discreet, setDiscreet] = useState(initial.discreet);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.notifications.settings.queryKey(), data);
        setSaved(true);
      },
    }),
  );
  const toggle = (kind: string, channel: keyof Channels) => (checked: boolean) => {
    setSaved(false);
    setChannels((now) => ({
      ...now,
      [kind]: { ...(now[kind] ?? { email: false, push: false }), [channel]: checked },
    }));
  };
  const error = save.isError ? describeError(save.error, ['time_zone', 'quiet_hours']).message : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          kinds: Object.fromEntries(kinds.map((kind) => [kind, channels[kind]])),
          quiet_hours: quiet ? { start, end } : null,
          time_zone: timeZone,
          digest,
          discreet,
        });
      }}
    >
      <Stack gap="lg" mt="md">
        <table className={classes.table}>
          <caption className={classes.caption}>Email and push, kind by kind</caption>
          <thead>
            <tr>
              <th scope="col">What happened</th>
              <th scope="col">Email</th>
              <th scope="col">Push</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind}>
                <th scope="row">{NOTIFICATION_KIND_LABELS[kind]}</th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <Checkbox
                      aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${channel}`}
                      checked={channels[kind]?.[channel] ?? false}
                      onChange={(event) => toggle(kind, channel)(event.currentTarget.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <fieldset className={classes.fieldset}>
          <legend>Quiet hours</legend>
          <Checkbox
            label="Hold emails and pushes during quiet hours"
            checked={quiet}
            onChange={(event) => {
              setSaved(false);
              setQuiet(event.currentTarget.checked);
            }}
          />
          <Group mt="sm" gap="md" wrap="wrap">
            <TextInput
              type="time"
              label="From"
              value={start}
              disabled={!quiet}
              onChange={(event) => setStart(event.currentTarget.value)}
            />
            <TextInput
              type="time"
              label="Until"
              value={end}
              disabled={!quiet}
              onChange={(event) => setEnd(event.currentTarget.value)}
            />
            <TextInput
              label="Time zone"
              description="For example Europe/London or Africa/Lagos"
              value={timeZone}
              onChange={(event) => setTimeZone(event.currentTarget.value)}
            />
          </Group>
        </fieldset>
        <Checkbox
          label="One email a day (a digest at 18:00) instead of an email for each notification"
          checked={digest}
          onChange={(event) => {
            setSaved(false);
            setDigest(event.currentTarget.checked);
          }}
        />
        <Checkbox
          label="Discreet mode: no names or message text in pushes and email subjects"
          checked={discreet}
          onChange={(event) => {
            setSaved(false);
            setDiscreet(event.currentTarget.checked);
          }}
        />
        <DevicePush />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {saved ? (
          <Text role="status" c="green.8">
            Your settings are saved.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
