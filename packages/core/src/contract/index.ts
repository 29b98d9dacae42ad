/**
 * The API contract (architecture.md §API): the request and response schemas of each resource,
 * the types inferred from them and the path map the typed client checks calls against.
 * Browser code takes types from here with `import type` only; the schemas are zod values.
 */
export * from "./types.ts";
export * from "./queries.ts";
export * from "./inputs.ts";
export * from "./responses.ts";
export * from "./prices.ts";
export * from "./deals.ts";
export * from "./staff.ts";
export * from "./suggestions.ts";
export type * from "./paths.ts";
