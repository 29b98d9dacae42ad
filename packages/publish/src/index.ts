/**
 * @botox/publish: turns content changes into site builds. The API composes a Publisher
 * (api/src/deps.ts) and passes it where it is used; the live site is served by
 * `@botox/publish/static-server`.
 */
export { Publisher, type BuildSummary, type PublishStatus, type PublisherOptions } from "./publisher.ts";
export type { BuildOutcome, PublishTrigger, RollbackResult } from "./executor.ts";
export { DEFAULT_BUILD_COMMAND, publishConfigFromEnv, type PublishConfig, type PublishMode } from "./config.ts";
export { publishEnv, publishEnvSchema, type PublishEnv } from "./env.ts";
export { SiteFolder } from "./site-folder.ts";
export { scheduleNightly } from "./schedule.ts";
export { systemClock, type Clock } from "./clock.ts";
