import { z } from "zod";
import { defaultDataDir } from "./paths.ts";

// The one place the db package (its CLIs and connection defaults) reads process.env.
const schema = z.object({
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default(defaultDataDir),
  /** Loopback port of the embedded PostgreSQL (never 5432, which a real server may hold). */
  PGLITE_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
  ADMIN_USERNAME: z.string().min(1).default("admin"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  TEST_DATABASE_URL: z.string().optional(),
  /**
   * Where the user typed the command (set by scripts/run.sh; else npm/pnpm's INIT_CWD): the
   * root scripts run our CLIs inside packages/db, so file arguments are relative to this.
   */
  BOTOX_CALLER_CWD: z.string().optional(),
  INIT_CWD: z.string().optional(),
});

export type DbEnv = z.infer<typeof schema>;

export const callerCwd = (env: DbEnv): string => env.BOTOX_CALLER_CWD || env.INIT_CWD || process.cwd();

export function readDbEnv(source: NodeJS.ProcessEnv = process.env): DbEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
