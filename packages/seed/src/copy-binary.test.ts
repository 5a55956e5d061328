import { describe, expect, it } from 'vitest';
import { CopyEncoder, copyGroups, type ColumnTypes } from './copy-binary';

const TYPES: ColumnTypes = {
  t: {
    id: 'uuid',
    name: 'text',
    code: 'character',
    note: 'character varying',
    small: 'smallint',
    n: 'integer',
    big: 'bigint',
    flag: 'boolean',
    day: 'date',
    at: 'timestamp with time zone',
    tags: 'text[]',
  },
};

const HEADER = '5047434f50590aff0d0a00' + '00000000' + '00000000';
const TRAILER = 'ffff';

/** The one group's tuples as hex, without the header and the trailer (checked once below). */
function tuples(rows: object[]): string {
  const groups = copyGroups(TYPES, 't', rows);
  expect(groups).toHaveLength(1);
  const hex = Buffer.from(groups[0]?.bytes ?? []).toString('hex');
  expect(hex.startsWith(HEADER)).toBe(true);
  expect(hex.endsWith(TRAILER)).toBe(true);
  return hex.slice(HEADER.length, -TRAILER.length);
}

describe('copyGroups (binary COPY)', () => {
  it('writes the signature, a field count per tuple and the trailer', () => {
    const [group] = copyGroups(TYPES, 't', [{ n: 1 }, { n: 2 }]);
    expect(group?.columns).toEqual(['n']);
    expect(group?.rowCount).toBe(2);
    expect(Buffer.from(group?.bytes ?? []).toString('hex')).toBe(
      HEADER + '0001' + '00000004' + '00000001' + '0001' + '00000004' + '00000002' + TRAILER,
    );
  });

  it('writes each type as its receive function reads it', () => {
    expect(tuples([{ id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }])).toBe(
      '0001' + '00000010' + '0190a1b2c3d47e5f8a9b0c1d2e3f4a5b',
    );
    // UTF-8, its byte length first
    expect(tuples([{ name: 'Oisín' }])).toBe('0001' + '00000006' + Buffer.from('Oisín').toString('hex'));
    expect(tuples([{ code: 'GB', note: '' }])).toBe('0002' + '00000002' + '4742' + '00000000');
    expect(tuples([{ small: -2, n: 70_000, big: -5_000_000_000 }])).toBe(
      '0003' + '00000002' + 'fffe' + '00000004' + '00011170' + '00000008' + 'fffffffed5fa0e00',
    );
    expect(tuples([{ flag: true }, { flag: false }])).toBe(
      '0001' + '00000001' + '01' + '0001' + '00000001' + '00',
    );
    // days since 2000-01-01, before and after it
    expect(
      tuples([{ day: '2000-01-02' }, { day: '1999-12-31' }, { day: new Date(Date.UTC(2024, 1, 29, 23)) }]),
    ).toBe(
      '0001' + '00000004' + '00000001' + '0001' + '00000004' + 'ffffffff' + '0001' + '00000004' + '00002279',
    );
    // microseconds since 2000-01-01 UTC
    expect(
      tuples([
        { at: new Date(Date.UTC(2000, 0, 1, 0, 0, 1, 5)) },
        { at: new Date(Date.UTC(1999, 11, 31, 23, 59, 59)) },
      ]),
    ).toBe('0001' + '00000008' + '00000000000f55c8' + '0001' + '00000008' + 'fffffffffff0bdc0');
    expect(tuples([{ name: null }])).toBe('0001' + 'ffffffff');
  });

  it('groups rows by the columns they give, leaving undefined columns to their defaults', () => {
    const groups = copyGroups(TYPES, 't', [
      { n: 1, name: 'a' },
      { n: 2, name: undefined },
      { n: 3, name: 'c' },
      { n: 4 },
    ]);
    expect(groups.map((g) => [g.columns, g.rowCount])).toEqual([
      [['n', 'name'], 2],
      [['n'], 2],
    ]);
  });

  it('gives each group an ArrayBuffer of its own, ready to transfer to another thread', () => {
    const many = Array.from({ length: 500 }, (_, n) => ({ n, name: 'x'.repeat(n % 50) }));
    const groups = copyGroups(TYPES, 't', [...many, { n: 1 }]);
    expect(groups).toHaveLength(2);
    const buffers = new Set(groups.map((g) => g.bytes.buffer));
    expect(buffers.size).toBe(2);
    for (const group of groups) {
      // from the start of an ArrayBuffer no other Buffer uses (not Node's shared pool, which a transfer would take from
      // every Buffer in it)
      expect(group.bytes.byteOffset).toBe(0);
      expect(group.bytes.buffer).not.toBe(Buffer.from('pool probe').buffer);
    }
  });

  it('encodes rows added a few at a time as one stream (CopyEncoder)', () => {
    const rows = Array.from({ length: 3_000 }, (_, n) => ({
      n,
      name: `member ${n}`,
      at: new Date(n * 1000),
    }));
    const encoder = new CopyEncoder(TYPES, 't', 16);
    for (let start = 0; start < rows.length; start += 7) encoder.add(rows.slice(start, start + 7));
    const [piecewise] = encoder.finish();
    const [whole] = copyGroups(TYPES, 't', rows);
    expect(piecewise?.rowCount).toBe(3_000);
    expect(Buffer.from(piecewise?.bytes ?? []).equals(Buffer.from(whole?.bytes ?? []))).toBe(true);
  });

  it('gives nothing for no rows', () => {
    expect(copyGroups(TYPES, 't', [])).toEqual([]);
  });

  it('refuses a value its column type cannot take, and types it has no encoder for', () => {
    expect(() => copyGroups(TYPES, 't', [{ id: 'not-a-uuid' }])).toThrow(/column id \(uuid\)/);
    expect(() => copyGroups(TYPES, 't', [{ id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5z' }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ n: 1.5 }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ small: 40_000 }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ name: 42 }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ day: '2024-02-30' }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ day: '2024-13-01' }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ at: '2024-01-01T00:00:00Z' }])).toThrow(TypeError);
    expect(() => copyGroups(TYPES, 't', [{ tags: ['a'] }])).toThrow(
      /type text\[\], which the seed cannot write/,
    );
    expect(() => copyGroups(TYPES, 't', [{ missing: 1 }])).toThrow(/t has no column missing/);
  });
});
