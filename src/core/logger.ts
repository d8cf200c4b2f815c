/** Logging: off by default; one line per attempt, never a credential or a body. */

/** Anything with console's methods. */
export interface Logger {
  /** A call that failed for good. */
  error(message: string, ...rest: unknown[]): void;
  /** An attempt that failed and will be retried. */
  warn(message: string, ...rest: unknown[]): void;
  /** An attempt that succeeded. */
  info(message: string, ...rest: unknown[]): void;
  /** Nothing yet; reserved for more detail. */
  debug(message: string, ...rest: unknown[]): void;
}

/** How much is logged. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Every log level, least first. */
export const LOG_LEVELS = Object.keys(RANK) as LogLevel[];

/** Whether the configured level lets a line at `level` through. */
export function logs(configured: LogLevel, level: Exclude<LogLevel, 'off'>): boolean {
  return RANK[level] <= RANK[configured];
}

/** Logs `message` at `level` when the configured level lets it through. */
export function log(
  logger: Logger,
  configured: LogLevel,
  level: Exclude<LogLevel, 'off'>,
  message: string,
): void {
  if (logs(configured, level)) logger[level](`[pix-payments] ${message}`);
}
