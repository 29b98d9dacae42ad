/** Newsletter subscriptions (spec §3): one row per email, case-insensitively. */
import { sql } from "drizzle-orm";
import type { NewsletterInput } from "@botox/core";
import type { Database } from "../client.ts";
import { newsletterSubscriptions } from "../schema.ts";

/**
 * Subscribes, or updates the existing subscription of the same email (unique on
 * lower(email)): subscribing twice is not an error and never duplicates. A null ZIP or first
 * name keeps what was stored.
 */
export async function upsertNewsletterSubscription(db: Database, input: NewsletterInput): Promise<void> {
  const t = newsletterSubscriptions;
  await db.execute(sql`
    INSERT INTO ${t} (email, zip_code, first_name)
    VALUES (${input.email}, ${input.zipCode}, ${input.firstName})
    ON CONFLICT (lower(email)) DO UPDATE SET
      zip_code = coalesce(excluded.zip_code, ${t}.zip_code),
      first_name = coalesce(excluded.first_name, ${t}.first_name),
      updated_at = now()`);
}
