import { describe, expect, it } from 'vitest';
import { copyGroups, copyGroupsAsBytes, copyValue } from './bulk';

describe('copyValue (COPY text format)', () => {
  it('writes NULL as \\N and escapes backslash, tab, newline and carriage return', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    // a literal "\N" in text must not read back as NULL
    expect(copyValue('\\N')).toBe('\\\\N');
    expect(copyValue("O'Brien, Oisín")).toBe("O'Brien, Oisín");
  });

  it('writes numbers, booleans, instants and bytes in forms PostgreSQL reads back', () => {
    expect(copyValue(42)).toBe('42');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(false)).toBe('f');
    expect(copyValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)))).toBe('2024-01-02T03:04:05.006Z');
    expect(copyValue(Buffer.from([0xde, 0xad]))).toBe('\\\\xdead');
  });

  it('refuses arrays and objects rather than guessing their literal syntax', () => {
    expect(() => copyValue(['a'])).toThrow(TypeError);
    expect(() => copyValue({ a: 1 })).toThrow(TypeError);
  });
});

describe('copyGroups', () => {
  it('groups rows by the columns they give, leaving undefined columns to their defaults', () => {
    const groups = copyGroups([
      { id: 1, name: 'a' },
      { id: 2, name: undefined },
      { id: 3, name: 'c' },
      { id: 4 },
    ]);
    expect(groups).toEqual([
      { columns: ['id', 'name'], text: '1\ta\n3\tc\n', rowCount: 2 },
      { columns: ['id'], text: '2\n4\n', rowCount: 2 },
    ]);
  });

  it('gives nothing for no rows', () => {
    expect(copyGroups([])).toEqual([]);
  });
});

describe('copyGroupsAsBytes', () => {
  it('gives each group its UTF-8 bytes in an ArrayBuffer of its own, ready to transfer', () => {
    const groups = copyGroups([{ id: 1, name: 'Oisín' }, { id: 2 }]);
    const { groups: bytes, buffers } = copyGroupsAsBytes(groups);
    expect(buffers).toHaveLength(2);
    bytes.forEach((group, n) => {
      const text = group.text as Uint8Array;
      // not a slice of Node's shared Buffer pool, which a transfer would take from every other Buffer
      expect(text.buffer).toBe(buffers[n]);
      expect(text.byteOffset).toBe(0);
      expect(text.byteLength).toBe(text.buffer.byteLength);
      expect(Buffer.from(text).toString('utf8')).toBe(groups[n]?.text);
    });
  });
});
