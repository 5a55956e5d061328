import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables, themeResponsiveClasses } from './theme-css';

describe('themeCssVariables', () => {
  it('is the text MantineProvider itself writes for the theme and our resolver', () => {
    const html = renderToString(
      createElement(MantineProvider, { theme, cssVariablesResolver }, createElement('p')),
    );
    const written = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(written).toBeDefined();
    expect(themeCssVariables()).toBe(written);
  });

  it('has the responsive classes MantineProvider writes for the theme', () => {
    const html = renderToString(createElement(MantineProvider, { theme }, createElement('p')));
    const written = /<style data-mantine-styles="classes">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(written).toContain('.mantine-hidden-from-sm');
    expect(themeResponsiveClasses()).toBe(written);
  });

  it('carries the theme and our resolver, not only Mantine defaults', () => {
    const css = themeCssVariables();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-plum-filled)');
    expect(css).toContain('--mantine-color-dimmed: #5c636a');
  });
});
