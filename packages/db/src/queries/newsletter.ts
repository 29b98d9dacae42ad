/** Newsletter subscriptions (product.md §3): one row per email, case-insensitively. */
import { sql } from "drizzle-orm";
import type { NewsletterInput } from "@botox/core";
import type { Database } from "../client.ts";
import { newsletterSubscriptions } from "../schema.ts";

/**
 * Subscribes; an email already subscribed (unique on lower(email)) is left exactly as stored.
 * Subscribing is anonymous, so whoever types someone else's address must not be able to
 * change that subscriber's first name or ZIP: subscribing twice is a success that writes
 * nothing, and never duplicates.
 */
export async function upsertNewsletterSubscription(db: Database, input: NewsletterInput): Promise<void> {
  const t = newsletterSubscriptions;
  await db.execute(sql`
    INSERT INTO ${t} (email, zip_code, first_name)
    VALUES (${input.email}, ${input.zipCode}, ${input.firstName})
    ON CONFLICT (lower(email)) DO NOTHING`);
}
