/**
 * The structured logger the server parts take as a dependency (the API's components, the
 * publisher): a fields object, then a fixed message, pino's call shape, so the API passes its
 * pino logger as it is and tests pass a recorder (`@botox/core/testing`). Browser code does not
 * use it.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

/** Writes nothing. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** One logged call as text: the message, then its fields as `key=value` (values JSON unless text). */
export function formatLogLine(fields: LogFields, message: string): string {
  const pairs = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return pairs.length ? `${message} (${pairs.join(" ")})` : message;
}

/** A logger for a reader, not a log collector: each call becomes one text line (`formatLogLine`). */
export function lineLogger(write: (line: string) => void): Logger {
  const line = (fields: LogFields, message: string) => write(formatLogLine(fields, message));
  return { info: line, warn: line, error: line };
}
