import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables (Mantine's resolver, then ours), as MantineProvider would write them into a <style>:
 * those that differ from Mantine's defaults, which mantine.css already has (default-css-variables.css).
 *
 * The provider made the same text in the browser on every load, while hydrating (about 50 ms at 4x CPU slowdown,
 * bench/results/2026-11-29-hydration-tasks.md); the theme is fixed, so the build makes it once (THEME_STYLE).
 */
export function themeCssVariables(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const merged = defaultCssVariablesResolver(full);
  const ours = cssVariablesResolver(full);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (part: keyof ConvertCSSVariablesInput) => {
    const byDefault: Record<string, string> = { ...defaults[part] };
    return Object.fromEntries(
      Object.entries({ ...merged[part], ...ours[part] }).filter(([name, value]) => byDefault[name] !== value),
    );
  };
  return convertCssVariables({
    variables: differing('variables'),
    light: differing('light'),
    dark: differing('dark'),
  });
}

/**
 * Mantine's responsive helper classes (the `hiddenFrom` / `visibleFrom` props) for the theme's breakpoints, the
 * text MantineProvider writes into its second <style> (MantineClasses).
 */
export function themeResponsiveClasses(): string {
  const { breakpoints } = mergeMantineTheme(DEFAULT_THEME, theme);
  return Object.entries(breakpoints)
    .map(([name, value]) => {
      const inPx = value.includes('px');
      const width = px(value) as number;
      return `@media (max-width: ${inPx ? `${width - 0.1}px` : em(width - 0.1)}) {.mantine-visible-from-${name} {display: none !important;}}@media (min-width: ${inPx ? `${width}px` : em(width)}) {.mantine-hidden-from-${name} {display: none !important;}}`;
    })
    .join('');
}

/**
 * The theme's CSS, in the <head> of every page the server sends (the build puts it into index.html, the template
 * of all of them: vite-plugins.ts), so that the app's Mantine provider writes none (lib/mantine-provider.tsx).
 */
export const THEME_STYLE = `<style data-mantine-styles>${themeCssVariables()}${themeResponsiveClasses()}</style>`;
