import type { RestRoute } from './route-shape';

/**
 * The REST table's rows for the notification centre and its settings (docs/notifications.md), spread into the
 * table of routes.ts like its own rows.
 */
export const notificationRows = [
  {
    method: 'GET',
    url: '/notifications',
    procedure: 'notifications.list',
    reply: 'paginated',
    summary: 'Your notifications, newest first; `cursor` (the paginator’s `nextCursor`) reads the next page',
  },
  {
    method: 'GET',
    url: '/notifications/unread',
    procedure: 'notifications.unread',
    reply: 'data',
    summary: 'How many of your notifications are unread (`count`)',
  },
  {
    method: 'PATCH',
    url: '/notifications/:id/read',
    procedure: 'notifications.read',
    reply: 'data',
    errors: [404],
    summary: 'Mark one notification read',
  },
  {
    method: 'PATCH',
    url: '/notifications/read',
    procedure: 'notifications.readAll',
    reply: 'data',
    summary: 'Mark all your notifications read (`{ count: 0 }`)',
  },
  {
    method: 'PATCH',
    url: '/notifications/read-at',
    procedure: 'notifications.readAt',
    reply: 'data',
    summary:
      'The member opened page `url` (a path of the site): the notifications pointing at it are read; answers the unread count',
  },
  {
    method: 'GET',
    url: '/notification-settings',
    procedure: 'notifications.settings',
    reply: 'data',
    summary:
      'What you are told of by email and push per kind, quiet hours, time zone, daily digest and discreet mode',
  },
  {
    method: 'PATCH',
    url: '/notification-settings',
    procedure: 'notifications.updateSettings',
    reply: 'data',
    summary: 'Change your notification settings (only what the body names)',
  },
  {
    method: 'GET',
    url: '/push/public-key',
    procedure: 'devices.publicKey',
    reply: 'data',
    summary: 'The VAPID public key (base64url) a browser subscribes to Web Push with',
  },
  {
    method: 'POST',
    url: '/devices',
    procedure: 'devices.register',
    reply: 'data',
    errors: [429],
    summary:
      'Register a device for pushes: `{ platform: android | ios, token }`, or `{ platform: web, subscription }` (an endpoint off the known push services: 400)',
  },
  {
    method: 'GET',
    url: '/devices',
    procedure: 'devices.list',
    reply: 'data',
    summary: 'Your devices that get pushes',
  },
  {
    method: 'DELETE',
    url: '/devices/:id',
    procedure: 'devices.remove',
    reply: 'data',
    errors: [404],
    summary: 'Stop pushes to one of your devices',
  },
] as const satisfies readonly RestRoute[];
