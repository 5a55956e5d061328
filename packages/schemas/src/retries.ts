// Which calls a client may repeat by itself. The mobile app retries its PATCH calls up to 3 times and never its
// POSTs; the web app does the same with the procedures behind them, whose repeat leaves things as one call did.

/** How many times a client repeats an idempotent call that failed on the way (network error or 503). */
export const MUTATION_RETRIES = 3;

/**
 * The procedures of the api/v1 rows sent as PATCH, PUT or DELETE (apps/server/src/rest/routes.ts; a test keeps the
 * two equal). Everything else that changes something is POST-like: a repeat could act twice, it is never retried.
 */
export const IDEMPOTENT_MUTATIONS = [
  'admin.activate',
  'admin.deactivate',
  'admin.note',
  'admin.removeSuggestion',
  'admin.setMatch',
  'admin.introduceRequest',
  'admin.declineRequest',
  'subscriptions.confirm',
  'introductions.request',
  'introductions.accept',
  'introductions.reject',
  'friends.accept',
  'friends.decline',
  'friends.cancel',
  'safety.unblock',
  'profile.update',
  'profile.withdrawSpecialConsent',
  'profile.reorderPhotos',
  'profile.deletePhoto',
  'profile.setVisibility',
  'profile.saveOnboarding',
  'members.savePreferences',
  'events.cancelRsvp',
  'notifications.read',
  'notifications.readAll',
  'notifications.readAt',
  'notifications.updateSettings',
  'devices.remove',
  'events.setGuestList',
  'events.chooseMeetAgain',
  'calls.end',
] as const;
