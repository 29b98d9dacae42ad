/** What the routes reach of mail (deps.mail): its settings, the worker to wake after a write. */
import { readDbEnv } from "@botox/db";
import type { Deps } from "../context.ts";
import { mailConfigFromEnv } from "./config.ts";
import type { MailContext } from "./subscriptions.ts";

/** The routes' view of mail: deps.mail's settings, or (apps composed without it, tests) the env's, kept in deps.state. */
export function mailContext(deps: Deps): MailContext {
  const configs = deps.state.mailConfigs;
  let config = deps.mail?.config ?? configs.get(deps);
  if (!config) configs.set(deps, (config = mailConfigFromEnv(deps.env, readDbEnv().DATA_DIR)));
  return { sql: deps.sql, config, secret: deps.secret };
}

/** Wakes this process's worker (a message was just queued); others find it on their next poll. */
export const nudgeMail = (deps: Deps): void => deps.mail?.worker?.nudge();
