import { UnstyledButton, useMantineContext } from '@mantine/core';
import classes from './AppHeader.module.css';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

const systemScheme = () => (window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light');

/**
 * The header's light/dark switch. Both icons are drawn and CSS shows the one for the scheme on <html>
 * (Mantine's mantine-light-hidden / mantine-dark-hidden), so the server's render is right before any script runs.
 * A pick that matches the system goes back to following it ('auto'); only a different one is remembered. A plain
 * button styled in CSS (AppHeader.module.css), lighter than ActionIcon: every page's entry chunk carries it.
 */
export function ColorSchemeToggle() {
  // the provider's own state and setter (what useMantineColorScheme wraps, without its media-query hook and its
  // transition guard: less for the entry chunk)
  const { colorScheme, setColorScheme } = useMantineContext();
  // the app renders in the browser only (the server's render says light, as its markup does)
  const shown = colorScheme === 'auto' && typeof window !== 'undefined' ? systemScheme() : colorScheme;
  const toggle = () => {
    const next = shown === 'dark' ? 'light' : 'dark';
    setColorScheme(next === systemScheme() ? 'auto' : next);
  };
  return (
    <UnstyledButton
      className={classes.schemeToggle}
      aria-label="Dark mode"
      aria-pressed={shown === 'dark'}
      onClick={toggle}
    >
      <svg
        viewBox="0 0 24 24"
        width={18}
        height={18}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        {/* a moon in light mode, a sun in dark mode */}
        <path className="mantine-dark-hidden" d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
        <path
          className="mantine-light-hidden"
          d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.4 1.4M17.6 17.6 19 19M5 19l1.4-1.4M17.6 6.4 19 5"
        />
      </svg>
    </UnstyledButton>
  );
}
