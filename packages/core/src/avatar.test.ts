import { describe, expect, it } from 'vitest';
import { renderAvatarSvg } from './avatar';

describe('renderAvatarSvg', () => {
  it('is deterministic', () => {
    expect(renderAvatarSvg('K7M2QX-1')).toBe(renderAvatarSvg('K7M2QX-1'));
  });

  it('draws a different picture for each key', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `REF${i}-${(i % 3) + 1}`);
    expect(new Set(keys.map(renderAvatarSvg)).size).toBe(keys.length);
    expect(renderAvatarSvg('K7M2QX-1')).not.toBe(renderAvatarSvg('K7M2QX-2'));
  });

  it('is one 400x400 SVG root element', () => {
    const svg = renderAvatarSvg('ABCDEF-1');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 400"[^>]*>/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    // every number is finite and every attribute value is a colour, number or path
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });

  it('never writes the key into the markup, so a hostile key cannot inject anything', () => {
    const hostile = '"><script>alert(1)</script><svg onload="x';
    const svg = renderAvatarSvg(hostile);
    expect(svg).not.toContain('script');
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain(hostile);
    expect(renderAvatarSvg('')).toMatch(/^<svg /);
  });
});
