/** GET /health and /ready: whether the API and its database answer. */
import { z } from "zod";

export const healthResponseSchema = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readyResponseSchema = z.object({
  status: z.enum(["ready", "not ready"]),
  database: z.enum(["up", "down"]),
  migrations: z.enum(["current", "pending", "unknown"]),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
