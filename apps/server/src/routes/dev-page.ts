// The development providers' pages (./trust.ts, ./payments.ts): plain HTML served by our server while no provider
// key is configured, standing in for the provider's hosted page.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page: `body` is HTML the caller built (every value in it escaped). */
export function devPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">` +
    `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
