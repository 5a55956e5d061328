// The cookie banner is not needed for the first paint: its library loads once the page is idle, in its own chunk.
import type * as RunConsent from '../features/consent/run-consent';

type ConsentModule = typeof RunConsent;

let loading: Promise<ConsentModule> | undefined;

function loadConsent(): Promise<ConsentModule> {
  loading ??= import('../features/consent/run-consent').then(async (module) => {
    await module.startConsent();
    return module;
  });
  return loading;
}

/** Starts cookie consent after the page has loaded and the browser is idle (or after 2 s at the latest). */
export function scheduleConsent(): void {
  const start = () => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => void loadConsent(), { timeout: 2000 });
    else setTimeout(() => void loadConsent(), 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The cookie-settings toggle: opens the preferences dialog (loading the library first if needed). */
export async function openCookiePreferences(): Promise<void> {
  const module = await loadConsent();
  module.showPreferences();
}
