/**
 * The API contract (architecture.md §5): one file per resource, named after the API's route
 * folders, each with the resource's request, query and answer schemas and the types inferred
 * from them; shared.ts for what every resource uses; paths.ts, the path map the typed client
 * checks calls against. Browser code takes types from here with `import type` only (the lint
 * enforces it): the schemas are zod values.
 */
export * from "./shared.ts";
export * from "./audit.ts";
export * from "./auth.ts";
export * from "./blog.ts";
export * from "./cities.ts";
export * from "./clinics.ts";
export * from "./contact.ts";
export * from "./deals.ts";
export * from "./events.ts";
export * from "./health.ts";
export * from "./location.ts";
export * from "./mail.ts";
export * from "./newsletter.ts";
export * from "./owners.ts";
export * from "./photos.ts";
export * from "./claims.ts";
export * from "./prices.ts";
export * from "./publish.ts";
export * from "./ratings.ts";
export * from "./staff.ts";
export * from "./stats.ts";
export * from "./suggestions.ts";
export * from "./upload.ts";
export type * from "./paths.ts";
export * from "./search.ts";
