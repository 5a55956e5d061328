/**
 * Where the member's light/dark choice is kept: Mantine's own localStorage key, which its colour scheme manager
 * reads and writes (apps/web/src/main.tsx passes it explicitly).
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/**
 * Run in <head> before the first paint (apps/web/vite-plugins.ts puts it into index.html, so every page has it,
 * prerendered or not): sets the scheme the member chose, else the system's, so a dark page never flashes light.
 * Inline, so it costs no request; the Content-Security-Policy allows exactly this text by its hash
 * (apps/server/src/plugins/security-headers.ts). Any change here changes the hash with it.
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  `document.documentElement.setAttribute("data-mantine-color-scheme",s==="light"||s==="dark"?s:` +
  `matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")}catch(e){}`;
