// Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/15/sql-copy.html, "Binary Format"), for
// the seed's bulk load (bulk.ts). The server reads each value with the column type's receive function instead of
// parsing text: about half the server's work of a text COPY (uuids, instants and dates most of all), and nothing
// to escape on this side (docs/decisions/100-bulk-seeding.md).
//
// The bytes are built as a "byte string" (one character per byte, 0-255) by concatenation and encoded as latin1
// once per stream: V8 joins strings lazily and Buffer.from writes them in one native pass, where writing each value
// into a Buffer from JavaScript cost twice as much per value on this project's machine (measured in decision 100).

/** The type of each column of each table, as PostgreSQL names it (`regtype`): what the encoders are chosen by. */
export type ColumnTypes = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface CopyGroup {
  columns: string[];
  /** The rows as one binary COPY stream (signature, header, tuples, trailer), in an ArrayBuffer of its own. */
  bytes: Uint8Array;
  rowCount: number;
}

// "PGCOPY\n\377\r\n\0", then the flags field and the header extension's length, both 0
const HEADER = 'PGCOPY\n\xff\r\n\0' + '\0\0\0\0' + '\0\0\0\0';
const TRAILER = '\xff\xff';
const NULL = '\xff\xff\xff\xff';
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
const TWO_32 = 4_294_967_296;

const char = String.fromCharCode;

/** A 32-bit integer's four bytes, big-endian. */
function int32(value: number): string {
  return char((value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
}

/** A safe integer's eight bytes, big-endian two's complement. */
function int64(value: number): string {
  const high = Math.floor(value / TWO_32);
  const low = value - high * TWO_32;
  return char(
    (high >>> 24) & 255,
    (high >>> 16) & 255,
    (high >>> 8) & 255,
    high & 255,
    (low >>> 24) & 255,
    (low >>> 16) & 255,
    (low >>> 8) & 255,
    low & 255,
  );
}

/** The length words of the values met most (every field starts with its length). */
const LENGTHS = Array.from({ length: 256 }, (_, n) => int32(n));
const lengthOf = (bytes: number) => (bytes < 256 ? (LENGTHS[bytes] as string) : int32(bytes));

/** One non-null value as its field: length, then bytes. */
type Encoder = (value: unknown, column: string) => string;

function refuse(column: string, type: string, value: unknown): never {
  throw new TypeError(`COPY: column ${column} (${type}) cannot take ${JSON.stringify(value)}`);
}

const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) HEX[65 + c] = HEX[97 + c] = 10 + c;

function hexByte(text: string, at: number): number {
  const high = text.charCodeAt(at);
  const low = text.charCodeAt(at + 1);
  const value = high < 128 && low < 128 ? ((HEX[high] as number) << 4) | (HEX[low] as number) : -1;
  return value;
}

const UUID_FIELD = LENGTHS[16] as string;

/**
 * A uuid's 16 bytes from its canonical text (8-4-4-4-12 hex digits: every id the seed makes). Each column keeps
 * the last value it wrote: a member's child rows repeat their user_id row after row.
 */
function uuidEncoder(): Encoder {
  let last = '';
  let field = '';
  return (value, column) => {
    if (value === last) return field;
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
    const b0 = hexByte(value, 0);
    const b1 = hexByte(value, 2);
    const b2 = hexByte(value, 4);
    const b3 = hexByte(value, 6);
    const b4 = hexByte(value, 9);
    const b5 = hexByte(value, 11);
    const b6 = hexByte(value, 14);
    const b7 = hexByte(value, 16);
    const b8 = hexByte(value, 19);
    const b9 = hexByte(value, 21);
    const b10 = hexByte(value, 24);
    const b11 = hexByte(value, 26);
    const b12 = hexByte(value, 28);
    const b13 = hexByte(value, 30);
    const b14 = hexByte(value, 32);
    const b15 = hexByte(value, 34);
    // a digit that is not hex made its byte -1, which sets the sign bit
    if ((b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8 | b9 | b10 | b11 | b12 | b13 | b14 | b15) < 0) {
      refuse(column, 'uuid', value);
    }
    last = value;
    field = UUID_FIELD + char(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15);
    return field;
  };
}

const NOT_ASCII = /[^\0-\x7f]/;

const text: Encoder = (value, column) => {
  if (typeof value !== 'string') refuse(column, 'text', value);
  if (!NOT_ASCII.test(value)) return lengthOf(value.length) + value;
  const utf8 = Buffer.from(value, 'utf8');
  return lengthOf(utf8.length) + utf8.toString('latin1');
};

/** Fields of the small non-negative integers (positions, heights, question ids), made once. */
const SMALL = 4096;

function integer(bytes: 2 | 4 | 8, min: number, max: number): Encoder {
  const length = LENGTHS[bytes] as string;
  const field = (value: number) =>
    length +
    (bytes === 2 ? char((value >>> 8) & 255, value & 255) : bytes === 4 ? int32(value) : int64(value));
  const small = Array.from({ length: SMALL }, (_, n) => field(n));
  return (value, column) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      refuse(column, `int${bytes}`, value);
    }
    return value >= 0 && value < SMALL ? (small[value] as string) : field(value);
  };
}

const int2 = integer(2, -32_768, 32_767);
const int4 = integer(4, -2_147_483_648, 2_147_483_647);
const int8 = integer(8, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

const TRUE = (LENGTHS[1] as string) + '\x01';
const FALSE = (LENGTHS[1] as string) + '\0';
const bool: Encoder = (value, column) => {
  if (typeof value !== 'boolean') refuse(column, 'boolean', value);
  return value ? TRUE : FALSE;
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

const DATE_FIELD = LENGTHS[4] as string;
/** The fields of the 'YYYY-MM-DD' strings met so far (a million dates of birth fall on a few tens of thousands). */
const dateFields = new Map<string, string>();
const date: Encoder = (value, column) => {
  if (typeof value === 'string') {
    let field = dateFields.get(value);
    if (field === undefined) {
      field = DATE_FIELD + int32(dateDays(value, column));
      dateFields.set(value, field);
    }
    return field;
  }
  return DATE_FIELD + int32(dateDays(value, column));
};

/** Microseconds since 2000-01-01 00:00 UTC, as the server keeps a timestamptz. */
const INSTANT_FIELD = LENGTHS[8] as string;
const timestamptz: Encoder = (value, column) => {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) refuse(column, 'timestamptz', value);
  return INSTANT_FIELD + int64((value.getTime() - PG_EPOCH_MS) * 1000);
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

/**
 * Bytes appended as byte strings, written into a Buffer over an ArrayBuffer of its own each time some kilobytes are
 * waiting: the strings die young (a long rope kept to the end was copied by every scavenge on the way), and the
 * Buffer is never a slice of Node's shared pool, so it can be transferred to another thread.
 */
class ByteSink {
  private buffer: Buffer;
  private length = 0;
  private pending = '';

  constructor(bytes: number) {
    this.buffer = Buffer.from(new ArrayBuffer(Math.max(256, bytes)));
  }

  append(bytes: string): void {
    this.pending += bytes;
    if (this.pending.length >= 32_768) this.flush();
  }

  private flush(): void {
    const size = this.pending.length;
    if (this.length + size > this.buffer.length) {
      let capacity = this.buffer.length * 2;
      while (capacity < this.length + size) capacity *= 2;
      const next = Buffer.from(new ArrayBuffer(capacity));
      this.buffer.copy(next, 0, 0, this.length);
      this.buffer = next;
    }
    this.length += this.buffer.write(this.pending, this.length, size, 'latin1');
    this.pending = '';
  }

  /** The bytes so far, over the sink's own ArrayBuffer (from offset 0). */
  bytes(): Uint8Array {
    this.flush();
    return new Uint8Array(this.buffer.buffer, 0, this.length);
  }
}

interface OpenGroup {
  columns: string[];
  encoders: Encoder[];
  /** The tuple header: the number of fields. */
  fieldCount: string;
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
      const { columns, encoders } = current;
      let tuple = current.fieldCount;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i] as string;
        const value = row[column];
        tuple += value === null ? NULL : (encoders[i] as Encoder)(value, column);
      }
      current.sink.append(tuple);
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
      const fieldCount = char((columns.length >>> 8) & 255, columns.length & 255);
      const sink = new ByteSink(this.sizeHint);
      sink.append(HEADER);
      group = { columns, encoders, fieldCount, sink, rowCount: 0 };
      this.groups.push(group);
    }
    return group;
  }

  finish(): CopyGroup[] {
    return this.groups.map(({ columns, sink, rowCount }) => {
      sink.append(TRAILER);
      return { columns, bytes: sink.bytes(), rowCount };
    });
  }
}

/** The rows of one table as binary COPY streams, one per set of columns given. */
export function copyGroups(types: ColumnTypes, table: string, rows: readonly object[]): CopyGroup[] {
  const encoder = new CopyEncoder(types, table, 64 * rows.length);
  encoder.add(rows);
  return encoder.finish();
}
