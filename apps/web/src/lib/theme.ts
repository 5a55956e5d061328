import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep plum: shade 7 on white is 7.3:1 and white on shade 7 the same, so text, links and filled buttons pass
// WCAG AA (Mantine's default blue does not).
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
  primaryShade: { light: 7, dark: 4 },
  colors: { plum },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

// Mantine's dimmed grey (#868e96) is 3.3:1 on white: darken it to pass AA for small text. Its error red (red-6,
// #fa5252, on every input's error message and border) is 3.3:1 too: red-9 (#c92a2a) is 5.4:1. The text of light
// green alerts and badges (green-9, #2b8a3e) is 4.0:1 on their tint: #237032 is 5.6:1. The introduction states'
// light badges (orange, gray, plum) likewise get a darker text: 6.3, 7.4 and 7.9:1 on their tints.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-orange-light-color': '#9c3a06',
    '--mantine-color-gray-light-color': '#495057',
    '--mantine-color-plum-light-color': '#861d52',
  },
  dark: {},
});
