// Named loggers whose levels can change while the server runs (the logs screen lists and sets them).
// A logger without its own level inherits the root level, so `LOG_LEVEL` moves everything at once.
import type { LogLevel } from './config';
import { LOG_LEVELS } from './config';

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
  constructor(private rootLevel: LogLevel = 'INFO', private readonly sink: LogSink = (l) => process.stdout.write(l + '\n')) {}

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
    let line = `${new Date().toISOString()} ${level.padEnd(5)} ${name}: ${msg}`;
    if (extra instanceof Error) line += ` ${extra.stack ?? extra.message}`;
    else if (extra !== undefined) line += ` ${JSON.stringify(extra)}`;
    this.sink(line);
  }
}
