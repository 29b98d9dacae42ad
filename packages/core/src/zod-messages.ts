/**
 * Messages a person can act on for every check whose schema gives none (decision 234): a
 * field too long, a value of the wrong type, a body that is not an object, a field the request
 * does not take. Registered as zod's process-wide error map, so a schema's own message still
 * wins and every schema of every package (API, admin, site) answers alike.
 */
import { z } from "zod";

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig["customError"]>>[0];

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
};

/** The field a message names: its path ("hours.monday", "site"), or "This value" at the top. */
const fieldOf = (path: readonly PropertyKey[] | undefined) => (path && path.length > 0 ? path.map(String).join(".") : "This value");

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? "" : "s"}`;

function friendlyIssue(iss: RawIssue): string | undefined {
  const field = fieldOf(iss.path);
  switch (iss.code) {
    case "invalid_type": {
      if ((iss.path?.length ?? 0) === 0 && iss.expected === "object") return "The request body must be a JSON object with the fields of this request.";
      if (iss.input === undefined) return `${field} is required.`;
      if (Array.isArray(iss.input) && iss.expected !== "array") return `${field} must be given once, as ${TYPE_WORDS[iss.expected] ?? iss.expected}.`;
      return `${field} must be ${TYPE_WORDS[iss.expected] ?? iss.expected}.`;
    }
    case "too_big":
      if (iss.origin === "string") return `${field} must be at most ${plural(iss.maximum, "character")}.`;
      if (iss.origin === "array" || iss.origin === "set") return `${field} must have at most ${plural(iss.maximum, "item")}.`;
      return `${field} must be at most ${String(iss.maximum)}.`;
    case "too_small":
      if (iss.origin === "string") return Number(iss.minimum) <= 1 ? `${field} is required.` : `${field} must be at least ${plural(iss.minimum, "character")}.`;
      if (iss.origin === "array" || iss.origin === "set") return `${field} must have at least ${plural(iss.minimum, "item")}.`;
      return `${field} must be at least ${String(iss.minimum)}.`;
    case "unrecognized_keys": {
      const where = (iss.path?.length ?? 0) > 0 ? ` in ${field}` : "";
      const names = iss.keys.join(", ");
      return iss.keys.length === 1 ? `The field ${names} is not accepted${where}; remove it.` : `The fields ${names} are not accepted${where}; remove them.`;
    }
    case "invalid_value":
      return `${field} must be one of: ${iss.values.map(String).join(", ")}.`;
    case "invalid_format":
      return `${field} is not a valid ${iss.format === "regex" ? "value" : iss.format}.`;
    default:
      return undefined;
  }
}

z.config({ customError: friendlyIssue });
