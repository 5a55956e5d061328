// Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/15/sql-copy.html, "Binary Format"), for
// the seed's bulk load (bulk.ts). The server reads each value with the column type's receive function instead of
// parsing text: about half the server's work of a text COPY (uuids, instants and dates most of all), and nothing
// to escape on this side (docs/decisions/103-binary-copy.md).
//
// The encoders write each value's bytes straight into a growing Buffer (ByteSink): numbers and uuids one byte store
// at a time, text with one Buffer#write (UTF-8) into the room reserved for it. Measured against the byte strings
// joined per 32 KB that this replaced, for the same bytes: less time per row
// (bench/results/2026-11-23-bulk-seed.md).

/** The type of each column of each table, as PostgreSQL names it (`regtype`): what the encoders are chosen by. */
export type ColumnTypes = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface CopyGroup {
  columns: string[];
  /** The rows as one binary COPY stream (signature, header, tuples, trailer), in an ArrayBuffer of its own. */
  bytes: Uint8Array;
  rowCount: number;
}

// "PGCOPY\n\377\r\n\0", then the flags field and the header extension's length, both 0
const HEADER = Buffer.from('PGCOPY\n\xff\r\n\0' + '\0'.repeat(8), 'latin1');
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
const TWO_32 = 4_294_967_296;

/**
 * A growing Buffer that the encoders write into directly (indexed stores compile to plain machine stores; a Buffer
 * method per number, such as writeInt32BE, would cross into C++ each time). Its ArrayBuffer is its own (never a
 * slice of Node's shared pool), so the finished bytes can be transferred to another thread.
 */
class ByteSink {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.from(new ArrayBuffer(Math.max(256, capacity)));
  }

  /** Makes room for `more` bytes after `length`. */
  reserve(more: number): Buffer {
    const needed = this.length + more;
    if (needed > this.bytes.length) {
      let capacity = this.bytes.length * 2;
      while (capacity < needed) capacity *= 2;
      const next = Buffer.from(new ArrayBuffer(capacity));
      this.bytes.copy(next, 0, 0, this.length);
      this.bytes = next;
    }
    return this.bytes;
  }

  int16(value: number): void {
    const b = this.reserve(2);
    const at = this.length;
    b[at] = value >>> 8;
    b[at + 1] = value;
    this.length = at + 2;
  }

  int32(value: number): void {
    const b = this.reserve(4);
    const at = this.length;
    b[at] = value >>> 24;
    b[at + 1] = value >>> 16;
    b[at + 2] = value >>> 8;
    b[at + 3] = value;
    this.length = at + 4;
  }

  /** A safe integer's eight bytes, big-endian two's complement. */
  int64(value: number): void {
    const high = Math.floor(value / TWO_32);
    this.int32(high);
    this.int32(value - high * TWO_32);
  }

  append(bytes: Uint8Array): void {
    const b = this.reserve(bytes.length);
    b.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes so far, over the sink's own ArrayBuffer from offset 0 (moved to another thread, not copied). */
  finish(): Uint8Array {
    return new Uint8Array(this.bytes.buffer, 0, this.length);
  }
}

/** One non-null value as its field (length, then bytes), written into the sink. */
type Encoder = (value: unknown, column: string, sink: ByteSink) => void;

function refuse(column: string, type: string, value: unknown): never {
  throw new TypeError(`COPY: column ${column} (${type}) cannot take ${JSON.stringify(value)}`);
}

const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) HEX[65 + c] = HEX[97 + c] = 10 + c;

/** The byte of two hex digits, or -1 (which sets the sign bit) if either is not one. */
function hexByte(text: string, at: number): number {
  const high = text.charCodeAt(at);
  const low = text.charCodeAt(at + 1);
  return high < 128 && low < 128 ? ((HEX[high] as number) << 4) | (HEX[low] as number) : -1;
}

/** Where each of a uuid's 16 bytes starts in its canonical text (8-4-4-4-12 hex digits). */
const UUID_DIGITS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * A uuid's 16 bytes from its canonical text (every id the seed makes). Each column keeps the last value it wrote:
 * a member's child rows repeat their user_id row after row.
 */
function uuidEncoder(): Encoder {
  let last = '';
  const field = new Uint8Array(20);
  field[3] = 16;
  return (value, column, sink) => {
    if (value !== last) {
      if (
        typeof value !== 'string' ||
        value.length !== 36 ||
        value.charCodeAt(8) !== 45 ||
        value.charCodeAt(13) !== 45 ||
        value.charCodeAt(18) !== 45 ||
        value.charCodeAt(23) !== 45
      ) {
        refuse(column, 'uuid', value);
      }
      let bad = 0;
      for (let i = 0; i < 16; i++) {
        const byte = hexByte(value, UUID_DIGITS[i] as number);
        bad |= byte;
        field[4 + i] = byte;
      }
      if (bad < 0) {
        last = '';
        refuse(column, 'uuid', value);
      }
      last = value;
    }
    const b = sink.reserve(20);
    const at = sink.length;
    for (let i = 0; i < 20; i++) b[at + i] = field[i] as number;
    sink.length = at + 20;
  };
}

/** Text as its UTF-8 bytes, written after the length word that is filled in once their count is known. */
const text: Encoder = (value, column, sink) => {
  if (typeof value !== 'string') refuse(column, 'text', value);
  const length = value.length;
  // at most three bytes per UTF-16 unit, after the four of the length
  const b = sink.reserve(4 + 3 * length);
  const start = sink.length + 4;
  const bytes = b.write(value, start, 'utf8');
  b[start - 4] = bytes >>> 24;
  b[start - 3] = bytes >>> 16;
  b[start - 2] = bytes >>> 8;
  b[start - 1] = bytes;
  sink.length = start + bytes;
};

function integer(bytes: 2 | 4 | 8, min: number, max: number): Encoder {
  return (value, column, sink) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      refuse(column, `int${bytes}`, value);
    }
    sink.int32(bytes);
    if (bytes === 2) sink.int16(value);
    else if (bytes === 4) sink.int32(value);
    else sink.int64(value);
  };
}

const int2 = integer(2, -32_768, 32_767);
const int4 = integer(4, -2_147_483_648, 2_147_483_647);
const int8 = integer(8, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

const bool: Encoder = (value, column, sink) => {
  if (typeof value !== 'boolean') refuse(column, 'boolean', value);
  sink.int32(1);
  const b = sink.reserve(1);
  b[sink.length++] = value ? 1 : 0;
};

/** Days since 2000-01-01 of a 'YYYY-MM-DD' string or of a Date's UTC day. */
function dateDays(value: unknown, column: string): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) refuse(column, 'date', value);
    return Math.floor((ms - PG_EPOCH_MS) / DAY_MS);
  }
  if (typeof value !== 'string') refuse(column, 'date', value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) refuse(column, 'date', value);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2024-02-30 over to March: a date that does not exist is refused, as PostgreSQL would
  if (month < 1 || month > 12 || new Date(ms).getUTCDate() !== day) refuse(column, 'date', value);
  return (ms - PG_EPOCH_MS) / DAY_MS;
}

/** The days of the 'YYYY-MM-DD' strings met so far (a million dates of birth fall on a few tens of thousands). */
const dateStrings = new Map<string, number>();
const date: Encoder = (value, column, sink) => {
  let days: number | undefined;
  if (typeof value === 'string') {
    days = dateStrings.get(value);
    if (days === undefined) {
      days = dateDays(value, column);
      dateStrings.set(value, days);
    }
  } else {
    days = dateDays(value, column);
  }
  sink.int32(4);
  sink.int32(days);
};

/** Microseconds since 2000-01-01 00:00 UTC, as the server keeps a timestamptz. */
const timestamptz: Encoder = (value, column, sink) => {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) refuse(column, 'timestamptz', value);
  sink.int32(8);
  sink.int64((value.getTime() - PG_EPOCH_MS) * 1000);
};

/** Each type's encoder, made once per column of a COPY stream (an encoder may keep what it last wrote). */
const ENCODERS: Readonly<Record<string, () => Encoder>> = {
  uuid: uuidEncoder,
  text: () => text,
  'character varying': () => text,
  character: () => text,
  smallint: () => int2,
  integer: () => int4,
  bigint: () => int8,
  boolean: () => bool,
  date: () => date,
  'timestamp with time zone': () => timestamptz,
};

function encoderFor(types: ColumnTypes, table: string, column: string): Encoder {
  const type = types[table]?.[column];
  if (type === undefined) throw new TypeError(`COPY: ${table} has no column ${column}`);
  const make = ENCODERS[type];
  // arrays, JSON, numeric and the rest would need their own encoders; no seeded column has one
  if (!make)
    throw new TypeError(`COPY: column ${table}.${column} has type ${type}, which the seed cannot write`);
  return make();
}

/** The columns a row gives a value (an absent or undefined column keeps its default, as in an INSERT). */
function definedColumns(row: Record<string, unknown>): string[] {
  const columns: string[] = [];
  for (const key in row) if (row[key] !== undefined) columns.push(key);
  return columns;
}

function sameColumns(row: Record<string, unknown>, columns: readonly string[]): boolean {
  let n = 0;
  for (const key in row) {
    if (row[key] === undefined || columns[n] !== key) return false;
    n++;
  }
  return n === columns.length;
}

interface OpenGroup {
  columns: string[];
  encoders: Encoder[];
  sink: ByteSink;
  rowCount: number;
}

/**
 * One table's rows as binary COPY streams, one per set of columns given, added a few at a time (so that rows can be
 * encoded as soon as they are made and never grow old in the heap) and finished once.
 */
export class CopyEncoder {
  private readonly groups: OpenGroup[] = [];
  private current: OpenGroup | undefined;

  constructor(
    private readonly types: ColumnTypes,
    private readonly table: string,
    /** A first guess at the stream's size; the sink doubles when it needs to. */
    private readonly sizeHint = 64 * 1024,
  ) {}

  add(rows: readonly object[]): void {
    let current = this.current;
    for (const item of rows) {
      const row = item as Record<string, unknown>;
      // rows are built by one object literal per table, so the previous row's columns nearly always fit
      if (!current || !sameColumns(row, current.columns)) current = this.groupFor(row);
      const { columns, encoders, sink } = current;
      sink.int16(columns.length);
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i] as string;
        const value = row[column];
        if (value === null) sink.int32(-1);
        else (encoders[i] as Encoder)(value, column, sink);
      }
      current.rowCount++;
    }
    this.current = current;
  }

  private groupFor(row: Record<string, unknown>): OpenGroup {
    const columns = definedColumns(row);
    const key = columns.join(',');
    let group = this.groups.find((g) => g.columns.join(',') === key);
    if (!group) {
      const encoders = columns.map((column) => encoderFor(this.types, this.table, column));
      const sink = new ByteSink(this.sizeHint);
      sink.append(HEADER);
      group = { columns, encoders, sink, rowCount: 0 };
      this.groups.push(group);
    }
    return group;
  }

  finish(): CopyGroup[] {
    return this.groups.map(({ columns, sink, rowCount }) => {
      // the trailer: a field count of -1
      sink.int16(0xffff);
      return { columns, bytes: sink.finish(), rowCount };
    });
  }
}

/** The rows of one table as binary COPY streams, one per set of columns given. */
export function copyGroups(types: ColumnTypes, table: string, rows: readonly object[]): CopyGroup[] {
  const encoder = new CopyEncoder(types, table, 64 * rows.length);
  encoder.add(rows);
  return encoder.finish();
}
