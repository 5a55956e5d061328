import { describe, expect, it } from 'vitest';
import { jsonScriptElement, takeEmbeddedJson } from './embedded-json';

/** A document holding one element, as the browser's would after parsing `html`'s text. */
function documentWith(id: string, text: string | null) {
  let element: { textContent: string | null; remove(): void } | null = {
    textContent: text,
    remove: () => {
      element = null;
    },
  };
  return { getElementById: (wanted: string) => (wanted === id ? element : null) };
}

describe('embedded JSON', () => {
  it('cannot close its element, whatever the data holds', () => {
    const html = jsonScriptElement('state', { bio: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('\u2028');
    const text = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(text)).toEqual({ bio: '</script><script>alert(1)</script>', line: '\u2028' });
  });

  it('is read once, and not at all when absent or broken', () => {
    const doc = documentWith('state', '{"user":null}');
    expect(takeEmbeddedJson('state', doc)).toEqual({ user: null });
    expect(takeEmbeddedJson('state', doc)).toBeUndefined();
    expect(takeEmbeddedJson('state', documentWith('state', '{broken'))).toBeUndefined();
    expect(takeEmbeddedJson('other', documentWith('state', '{}'))).toBeUndefined();
  });
});
