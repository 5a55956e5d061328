import { MantineContext, MantineThemeProvider, useProviderColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { colorScheme, cssVariablesResolver, theme } from './theme';

const getRootElement = () => document.documentElement;

/**
 * Mantine's context and theme for the app, the server's render and the browser's alike: what MantineProvider
 * provides with our theme and color-scheme manager, made of the parts @mantine/core exports for it, without the
 * two <style> elements MantineProvider writes. Every page carries their text in its <head> instead, made once at
 * build time (lib/theme-css.ts). MantineProvider imports the component that writes the theme's variables, and
 * that module computes Mantine's default variables as it is evaluated: about half of the entry's evaluation on
 * every page load, for text the page already had (docs/decisions/226-theme-css-in-head.md).
 */
export function AppMantineProvider({ children }: { children: ReactNode }) {
  const scheme = useProviderColorScheme({
    defaultColorScheme: colorScheme.defaultColorScheme,
    manager: colorScheme.colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  return (
    <MantineContext
      value={{
        ...scheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesResolver,
        cssVariablesSelector: ':root',
        withStaticClasses: true,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
