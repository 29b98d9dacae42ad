import { max } from "drizzle-orm";
import type { Database } from "../client.ts";
import { contentChanges } from "../schema.ts";

/** A database or an open transaction: queries that take part in a write accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ContentEntity = "clinic" | "post" | "category" | "price" | "staff";
export type ContentAction = "create" | "update" | "delete";

export interface ContentChange {
  entity: ContentEntity;
  entityId: number | null;
  action: ContentAction;
}

/** Appends one row to content_changes (the publisher's work queue); call inside the write's transaction. */
export async function insertContentChange(db: DbExecutor, change: ContentChange): Promise<void> {
  await db.insert(contentChanges).values(change);
}

/** The newest content_changes id (0 when there is none): it moves on every recorded content write. */
export async function latestContentChangeId(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ id: max(contentChanges.id) }).from(contentChanges);
  return row?.id ?? 0;
}
