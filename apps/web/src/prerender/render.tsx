// Server-side entry used at build time only (vite-plugins.ts prerender): renders a public page to HTML so that the
// first paint needs no JavaScript. The browser still starts the app from scratch and swaps it in (reveal.ts).
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../lib/theme';
import { queryClient, trpc } from '../lib/trpc';
import { routeTree } from '../routeTree.gen';

/** Pages with the same content for everyone and no data to fetch first. */
export const PRERENDERED_PATHS = [
  '/',
  '/support',
  '/private-match',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/house-rules',
  '/safety',
  '/about',
  '/launch',
  '/training',
  '/tv',
] as const;

/** React puts <title>, <meta>, <link> and Mantine's <style> first; the page's markup follows. */
export async function renderPage(path: string): Promise<{ head: string; body: string }> {
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const head =
    /^(?:<(?:title|style)\b[^>]*>[\s\S]*?<\/(?:title|style)>|<(?:meta|link)\b[^>]*\/?>)*/.exec(html)?.[0] ??
    '';
  return { head, body: html.slice(head.length) };
}
