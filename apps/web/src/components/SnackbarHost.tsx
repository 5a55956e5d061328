import { Button, Group, Text } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { ERROR_SNACKBAR_MS } from '@rhema/schemas';
import { useEffect } from 'react';
import { attachSnackbarHost, type SnackbarTone } from '../lib/snackbar';

let counter = 0;

function showMessage(message: string, tone: SnackbarTone) {
  const id = `snackbar-${++counter}`;
  notifications.show({
    id,
    color: tone === 'success' ? 'green.8' : 'red',
    autoClose: ERROR_SNACKBAR_MS,
    withCloseButton: false,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text fz="sm" c="inherit">
          {message}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => notifications.hide(id)}>
          Ok
        </Button>
      </Group>
    ),
  });
}

/** Where lib/snackbar.ts messages appear (each a Mantine notification with role="alert", read out at once). */
export default function SnackbarHost() {
  useEffect(() => attachSnackbarHost(showMessage), []);
  return <Notifications position="bottom-center" limit={3} zIndex={1100} />;
}
