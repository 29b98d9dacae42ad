/** Test scaffolding for admin routes: a fresh database, the app, an admin user and a login. */
import { randomBytes } from "node:crypto";
import { testLogger } from "@botox/core/testing";
import { adminUsers, hashPassword, type ContentChange } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { createApp } from "../app.ts";
import type { Deps } from "../context.ts";
import { readApiEnv } from "../env.ts";
import { createAppState } from "../lib/app-state.ts";
import { createCountsMemo } from "../lib/counts-memo.ts";
import { sendRequest, type RequestOptions } from "./request.ts";

export const ORIGIN = "http://localhost:5173";

export interface AdminTestContext {
  db: TestDatabase;
  app: ReturnType<typeof createApp>;
  deps: Deps;
  changes: ContentChange[];
  username: string;
  password: string;
  /** Logs in and returns the Cookie header value ("session=..."). */
  login(): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export async function createAdminTestContext(env: Record<string, string> = {}): Promise<AdminTestContext> {
  const db = await createTestDatabase();
  const changes: ContentChange[] = [];
  const apiEnv = readApiEnv({ NODE_ENV: "test", ...env });
  const deps: Deps = {
    db: db.db,
    sql: db.sql,
    env: apiEnv,
    secret: randomBytes(32).toString("hex"),
    logger: testLogger(),
    state: createAppState(),
    onContentChange: (change) => changes.push(change as ContentChange),
    // As served (deps.ts), only when a test asks for it: most read the counts every time.
    ...("STATS_COUNTS_TTL_MS" in env && apiEnv.STATS_COUNTS_TTL_MS > 0 ? { countsMemo: createCountsMemo({ ttlMs: apiEnv.STATS_COUNTS_TTL_MS }) } : {}),
  };
  const app = createApp(deps);
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });

  const request = (method: string, path: string, options?: RequestOptions) => sendRequest(app, ORIGIN, method, path, options);

  async function login(): Promise<string> {
    const res = await request("POST", "/login", { body: { username, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return sessionCookieOf(res);
  }

  return { db, app, deps, changes, username, password, login, request, close: () => db.close() };
}

/** "session=<token>" from a response's Set-Cookie. */
export function sessionCookieOf(res: Response): string {
  const match = /(?:^|,\s*)session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "");
  if (!match) throw new Error("no session cookie");
  return `session=${match[1]}`;
}
