import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables (Mantine's resolver, then ours), as MantineProvider would write them into a <style>:
 * those that differ from Mantine's defaults, which mantine.css already has (default-css-variables.css).
 *
 * Both MantineProviders run with `withCssVariables={false}` and the server puts this text into the page's <head>.
 * The provider made the same text in the browser on every load, while hydrating (about 50 ms at 4x CPU slowdown,
 * bench/results/2026-11-29-hydration-tasks.md); the theme is fixed, so the server makes it once.
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
