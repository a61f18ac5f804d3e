// How statements with parameters run on PGlite. Its extended-protocol query() parses, describes and plans every call
// afresh; here each distinct statement text is prepared once (PREPARE, session-wide, kept across transactions, also
// rolled-back ones) and then run as EXECUTE with the parameter values written as quoted literals, through the simple
// protocol (exec): one call into the database instead of several, and PostgreSQL's plan cache as a server gives it
// (custom plans first, a generic one once it is no worse). A statement that asks to be planned with its values
// (planPerCall) runs with the literals written in. A quoted literal has type unknown, exactly as an untyped
// extended-protocol parameter, so each value is read as the type its position calls for.
import type { QueryOptions } from './database';

export interface Executor {
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

/** Statement texts prepared at most; beyond it a statement runs with its values written in. */
const MAX_PREPARED = 2000;

/** A PostgreSQL error for a value no text column can hold, as the server answers it. */
function nulByte(): Error {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
}

function quote(text: string): string {
  if (text.includes('\0')) throw nulByte();
  return `'${text.replace(/'/g, "''")}'`;
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return arrayText(value);
  const text = textOf(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function arrayText(values: unknown[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/** The text PostgreSQL reads the value from (as PGlite's own serializers write it). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayText(value);
  return JSON.stringify(value);
}

/** A parameter value as an SQL literal of type unknown (NULL for null). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return quote(textOf(value));
}

/** The statement with $n replaced by `literals[n - 1]`, outside quotes, quoted identifiers, comments and $$ bodies. */
export function inlineParams(sql: string, literals: string[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    let end = -1;
    if (c === "'" || c === '"') {
      end = i + 1;
      while (end < sql.length && !(sql[end] === c && sql[end + 1] !== c)) end += sql[end] === c ? 2 : 1;
      end++;
    } else if (c === '-' && sql[i + 1] === '-') {
      end = sql.indexOf('\n', i);
      if (end < 0) end = sql.length;
    } else if (c === '$') {
      const number = /^\$(\d+)/.exec(sql.slice(i, i + 12));
      if (number && !/[\w$]/.test(sql[i - 1] ?? '')) {
        out += literals[Number(number[1]) - 1] ?? number[0];
        i += number[0].length;
        continue;
      }
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
      }
    }
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export class PreparedStatements {
  private readonly names = new Map<string, string>();
  /** Names are never reused: two callers preparing at once each get their own. */
  private counter = 0;

  /** The rows of `sql` with `params`, run on `target` (the database or the open transaction), read by the database's
   * own parsers (given once to PGlite.create: parsers given per call cost a copy of the whole type table each time). */
  async run(target: Executor, sql: string, params: unknown[], options: QueryOptions = {}): Promise<unknown[]> {
    if (!params.length) return last(await target.exec(sql));
    const literals = params.map(literal);
    let name = this.names.get(sql);
    if (!name && !options.planPerCall && this.names.size < MAX_PREPARED) {
      name = `mp_${++this.counter}`;
      await target.exec(`PREPARE ${name} AS ${sql}`);
      this.names.set(sql, name);
    }
    if (!name) return last(await target.exec(inlineParams(sql, literals)));
    return last(await target.exec(`EXECUTE ${name}(${literals.join(', ')})`));
  }
}

function last(results: { rows: unknown[] }[]): unknown[] {
  return results.length ? results[results.length - 1].rows : [];
}
