import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

/** The VAPID key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

type State = 'unknown' | 'unsupported' | 'denied' | 'off' | 'on';

/**
 * Push on this device (docs/notifications.md): only when the member asks for it here, never on page load. The
 * service worker (/sw.js) is registered, the browser subscribed with the server's VAPID key, and the subscription
 * sent to the server (devices.register).
 */
export function DevicePush() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('unknown');
  // what this browser can do and has, read after hydration (the server draws 'unknown')
  useEffect(() => {
    void (async (): Promise<State> => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
        return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      const registration = await navigator.serviceWorker.getRegistration('/');
      return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
    })().then(setState);
  }, []);
  const register = useMutation(trpc.devices.register.mutationOptions());
  const turnOn = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const { key } = await queryClient.fetchQuery(trpc.devices.publicKey.queryOptions());
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(key),
        }));
      const json = subscription.toJSON();
      await register.mutateAsync({
        platform: 'web',
        subscription: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      });
      setState('on');
    },
  });
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Push on this device
      </Title>
      {state === 'unsupported' ? (
        <Text>This browser cannot show notifications from Rhema.</Text>
      ) : state === 'denied' ? (
        <Text>Notifications are blocked for Rhema in this browser’s settings.</Text>
      ) : state === 'on' ? (
        <Text role="status">This device gets pushes.</Text>
      ) : (
        <div>
          {/* two lines on the narrowest phones rather than wider than the screen (styles.css) */}
          <Button
            variant="light"
            className="button-wraps"
            loading={turnOn.isPending}
            onClick={() => turnOn.mutate()}
          >
            Turn on notifications on this device
          </Button>
        </div>
      )}
      {turnOn.isError ? (
        <Alert color="red" role="alert">
          {describeError(turnOn.error, []).message}
        </Alert>
      ) : null}
    </Stack>
  );
}
