// Data the server puts into a page for the app to read before it starts: JSON inside
// <script type="application/json">, a data block the browser never runs (the CSP's script-src does not apply).

/** The JSON of a value, safe inside that element: `<` escaped so no value can close it; U+2028/9 as escapes. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The element that carries a value into the page, under the id the app reads it by. */
export function jsonScriptElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;
}

/** What the server put into the page under `id`, read once (the element goes); undefined when absent or broken. */
export function takeEmbeddedJson(
  id: string,
  doc: { getElementById(id: string): { textContent: string | null; remove(): void } | null },
): unknown {
  const element = doc.getElementById(id);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
