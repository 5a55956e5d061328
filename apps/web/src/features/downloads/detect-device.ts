export type DeviceKind = 'iphone' | 'android' | 'desktop';

/** Three cases from the browser's user-agent: iPhone (and iPod), Android, anything else is desktop. */
export function detectDevice(userAgent: string): DeviceKind {
  if (/iphone|ipod/i.test(userAgent)) return 'iphone';
  if (/android/i.test(userAgent)) return 'android';
  return 'desktop';
}
