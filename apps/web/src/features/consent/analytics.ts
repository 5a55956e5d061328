import { ANALYTICS_SCRIPT_URL } from '../../lib/consent-config';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let loaded = false;

/**
 * Loads Google Tag Manager (which runs Google Analytics), only ever called after consent to analytics. A script
 * element made here rather than Google's inline snippet: the Content-Security-Policy allows no inline script.
 */
export function loadAnalytics(): void {
  if (loaded) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = ANALYTICS_SCRIPT_URL;
  script.dataset.category = 'analytics';
  document.head.appendChild(script);
}
