/** Test helpers shared by the packages' tests. */
import type { z } from "zod";
import { fieldErrors } from "./contract/shared.ts";
import type { LogFields, Logger } from "./logger.ts";

export interface LoggedLine {
  level: "info" | "warn" | "error";
  fields: LogFields;
  message: string;
}

/** A logger that keeps every call in `lines` and writes nothing: for tests that expect output. */
export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine["level"]) => (fields: LogFields, message: string) => void lines.push({ level, fields, message });
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

/**
 * The logger test scaffolding injects: info is dropped; a warning or error goes to the console,
 * so the fail-on-console setup fails the test that did not expect it (a test that does passes
 * a recordingLogger instead and checks it).
 */
export function testLogger(): Logger {
  return {
    info() {},
    warn: (fields, message) => console.warn(message, fields),
    error: (fields, message) => console.error(message, fields),
  };
}

/** First message per field of a failed parse, as the forms show them; {} when it passes. */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
}
