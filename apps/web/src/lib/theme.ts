import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from '@rhema/schemas';

// A deep plum: shade 7 on white is 7.3:1 and white on shade 7 the same, so text, links and filled buttons pass
// WCAG AA (Mantine's default blue does not). In the dark scheme filled buttons take shade 6 (white on it 5.6:1;
// on shade 4, Mantine's usual dark pick, 3.7:1).
const plum: MantineColorsTuple = [
  '#fbeef4',
  '#f3d6e3',
  '#e8acc6',
  '#dd80a8',
  '#d45b8f',
  '#cf447f',
  '#b83370',
  '#9e2660',
  '#861d52',
  '#6f1443',
];

export const theme = createTheme({
  primaryColor: 'plum',
  primaryShade: { light: 7, dark: 6 },
  colors: { plum },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // a spinner is a span: its aria-label ("Loading your profile") is allowed only with a role (axe's
  // aria-prohibited-attr, serious); as a status it is named and announced (a plain object: no Loader in the entry)
  components: {
    Loader: { defaultProps: { role: 'status' } },
    // a closed list is not drawn: kept mounted (Mantine's default), each Select's list was placed by Floating UI
    // in a flushSync as the page hydrated, which made React finish hydrating in one long task
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

// Mantine's dimmed grey (#868e96) is 3.3:1 on white: darken it to pass AA for small text. Its error red (red-6,
// #fa5252, on every input's error message and border) is 3.3:1 too: red-9 (#c92a2a) is 5.4:1. The text of light
// green alerts and badges (green-9, #2b8a3e) is 4.0:1 on their tint: #237032 is 5.6:1. The introduction states'
// light badges (orange, gray, plum) likewise get a darker text: 6.3, 7.4 and 7.9:1 on their tints.
// Error alerts take `color="red"`: its light variant is a tint behind black text (title red-9). With a shade
// (`color="red.9"`) Mantine paints that shade itself behind the black body text, 2.6:1 in the light scheme.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-orange-light-color': '#9c3a06',
    '--mantine-color-gray-light-color': '#495057',
    '--mantine-color-plum-light-color': '#861d52',
    // the title of a light blue alert (blue-6, 3.2:1 on its tint): blue-9
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  // On the dark body (dark-7, #242424) Mantine's dimmed grey (dark-2) is 4.0:1 and its error red (red-8) 2.7:1,
  // and links in plum-4 3.3:1: dark-1 (8.5:1), red-4 (6.7:1) and plum-2 (8.3:1) instead.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-plum-2)',
  },
});

/**
 * Light or dark as the system says until the member picks one with the header's switch (ColorSchemeToggle); the
 * pick is kept in localStorage, which the script in <head> reads before the first paint
 * (packages/schemas/src/color-scheme.ts). The app's Mantine provider takes these (lib/mantine-provider.tsx).
 */
export const colorScheme = {
  defaultColorScheme: 'auto',
  colorSchemeManager: localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY }),
} as const;
