import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TNotification } from '@rhema/schemas';
import { formatDateTime } from '../../lib/dates';
import classes from './NotificationList.module.css';

/**
 * The centre's list: each notification a link to its page (opening it marks it read), unread ones marked so for
 * eyes and for screen readers.
 */
export function NotificationList({
  items,
  onOpen,
  onMarkRead,
}: {
  items: TNotification[];
  onOpen: (id: string) => void;
  onMarkRead: (id: string) => void;
}) {
  return (
    <Stack gap="sm" component="ul" className={classes.list} aria-label="Notifications">
      {items.map((item) => (
        <Card
          key={item._id}
          component="li"
          withBorder
          padding="md"
          className={item.read_at ? undefined : classes.unread}
          data-testid="notification"
          data-read={item.read_at ? 'true' : 'false'}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2}>
              {/* a plain link: the page may be of any area, and the bell's reader marks it read on arrival */}
              <a href={item.url} className={classes.title} onClick={() => onOpen(item._id)}>
                {item.read_at ? null : <span className={classes.visuallyHidden}>Unread: </span>}
                {item.title}
              </a>
              {item.body ? <Text size="sm">{item.body}</Text> : null}
              <Text size="xs" c="dimmed">
                {formatDateTime(item.created_at)}
              </Text>
            </Stack>
            {item.read_at ? null : (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onMarkRead(item._id)}
                aria-label={`Mark “${item.title}” as read`}
              >
                Mark read
              </Button>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
