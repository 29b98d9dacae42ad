/** Publishing the site (architecture.md §7): GET /publish/status, POST /publish/rebuild and /publish/rollback/{id}. */
import { z } from "zod";

/** One site build as GET /publish/status reports it. */
export const publishBuildSchema = z.object({
  id: z.number(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  trigger: z.string(),
  changeWatermark: z.number(),
  live: z.boolean(),
  durationMs: z.number().nullable(),
  pageCount: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  logTail: z.string(),
});
export type PublishBuild = z.infer<typeof publishBuildSchema>;

/** GET /publish/status: the one publish-status shape (publisher, route, admin panel). */
export const publishStatusSchema = z.object({
  mode: z.enum(["local", "hook"]),
  state: z.enum(["idle", "queued", "running"]),
  dirty: z.boolean().describe("Content changed since the last finished build (or a build is requested)"),
  queue: z.array(z.object({ trigger: z.string(), requestedAt: z.string(), dueAt: z.string().nullable(), buildId: z.number().nullable() })),
  live: z.object({ id: z.number(), finishedAt: z.string().nullable() }).nullable(),
  nextNightlyRun: z.string().nullable(),
  builds: z.array(publishBuildSchema),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

export const publishQueuedSchema = z.object({ queued: z.literal(true) });
export const publishRollbackResponseSchema = z.object({ live: z.object({ id: z.number() }) });
