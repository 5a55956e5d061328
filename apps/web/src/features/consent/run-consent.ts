import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import { consentConfig } from '../../lib/consent-config';
import { loadAnalytics } from './analytics';

function applyConsent() {
  if (CookieConsent.acceptedCategory('analytics')) loadAnalytics();
}

let started = false;

export async function startConsent(): Promise<void> {
  if (started) return;
  started = true;
  // the library closes its preferences dialog on Escape; the spec wants the banner to close on Escape as well
  document.addEventListener('keydown', (event) => {
    const classes = document.documentElement.classList;
    if (
      event.key === 'Escape' &&
      classes.contains('show--consent') &&
      !classes.contains('show--preferences')
    ) {
      CookieConsent.hide();
    }
  });
  await CookieConsent.run(consentConfig({ onConsent: applyConsent, onChange: applyConsent }));
}

export function showPreferences(): void {
  CookieConsent.showPreferences();
}
