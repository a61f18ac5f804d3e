// Named loggers whose levels can change while the server runs (the logs screen lists and sets them).
// A logger without its own level inherits the root level, so `LOG_LEVEL` moves everything at once.
// Records are plain lines (with the id of the request they were written for, http/request-scope.ts), or with
// LOG_FORMAT=json one JSON object per line that carries the request's id, method, route and user and, for an error,
// its stack trace inside the record, so a log search finds every line of one request and no record spans lines.
import type { LogLevel } from './config';
import { LOG_LEVELS } from './config';
import type { LogFormat } from './config-operations';
import { currentRequest } from './http/request-scope';

export interface Logger {
  readonly name: string;
  trace(msg: string, extra?: unknown): void;
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

export type LogSink = (line: string) => void;

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

export class LoggerRegistry {
  private readonly levels = new Map<string, LogLevel>();
  private readonly loggers = new Map<string, Logger>();
  constructor(
    private rootLevel: LogLevel = 'INFO',
    private readonly sink: LogSink = (l) => process.stdout.write(l + '\n'),
    readonly format: LogFormat = 'text',
  ) {}

  get(name: string): Logger {
    let logger = this.loggers.get(name);
    if (!logger) {
      const at = (level: LogLevel) => (msg: string, extra?: unknown) => this.write(name, level, msg, extra);
      logger = { name, trace: at('TRACE'), debug: at('DEBUG'), info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
      this.loggers.set(name, logger);
    }
    return logger;
  }

  effectiveLevel(name: string): LogLevel {
    return this.levels.get(name) ?? this.rootLevel;
  }

  setLevel(name: string, level: LogLevel): void {
    if (name === 'root' || name === 'ROOT') this.rootLevel = level;
    else {
      this.get(name);
      this.levels.set(name, level);
    }
  }

  /** Every known logger with its effective level, sorted by name; `root` first. */
  list(): { name: string; level: LogLevel }[] {
    const names = [...this.loggers.keys()].sort();
    return [{ name: 'root', level: this.rootLevel }, ...names.map((name) => ({ name, level: this.effectiveLevel(name) }))];
  }

  private write(name: string, level: LogLevel, msg: string, extra?: unknown): void {
    if (rank(level) < rank(this.effectiveLevel(name))) return;
    if (this.format === 'json') {
      this.sink(jsonRecord(name, level, msg, extra));
      return;
    }
    // The request's id right after the time: the level, logger and message keep their form for whoever reads or
    // greps them, and one grep for the id finds every line of the request.
    const request = currentRequest();
    let line = `${new Date().toISOString()} ${request ? `[${request.requestId}] ` : ''}${level.padEnd(5)} ${name}: ${msg}`;
    if (extra instanceof Error) line += ` ${extra.stack ?? extra.message}`;
    else if (extra !== undefined) line += ` ${JSON.stringify(extra)}`;
    this.sink(line);
  }
}

/** One record as a single line of JSON: time, level, logger, message, the request's fields, then the error or extra. */
export function jsonRecord(name: string, level: LogLevel, msg: string, extra?: unknown): string {
  const record: Record<string, unknown> = { time: new Date().toISOString(), level, logger: name, message: msg };
  const request = currentRequest();
  if (request) {
    record.requestId = request.requestId;
    record.method = request.method;
    if (request.route !== undefined) record.route = request.route;
    if (request.status !== undefined) record.status = request.status;
    if (request.durationMs !== undefined) record.durationMs = Math.round(request.durationMs * 10) / 10;
    if (request.user !== undefined) record.user = request.user;
  }
  if (extra instanceof Error) {
    record.error = extra.name;
    record.errorMessage = extra.message;
    record.stack = extra.stack ?? `${extra.name}: ${extra.message}`;
  } else if (extra !== undefined) {
    record.extra = extra;
  }
  try {
    return JSON.stringify(record);
  } catch {
    // A cyclic or BigInt extra: the record without it rather than no record.
    delete record.extra;
    return JSON.stringify(record);
  }
}
