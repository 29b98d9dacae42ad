import { insertContentChange, type ContentChange, type DbExecutor } from "@botox/db";
import type { Deps } from "../context.ts";

/**
 * Runs a content write and records its content_changes row in the same transaction, then
 * tells the publisher (deps.publisher) and any listener (deps.onContentChange) once committed. `change` maps the write's
 * result to the row; returning null records nothing (e.g. the target did not exist).
 */
export async function writeContent<T>(deps: Deps, work: (tx: DbExecutor) => Promise<T>, change: (result: T) => ContentChange | null): Promise<T> {
  let recorded: ContentChange | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const value = await work(tx);
    recorded = change(value);
    if (recorded) await insertContentChange(tx, recorded);
    return value;
  });
  if (recorded) {
    deps.readCache?.clear();
    notifyContentChange(deps, recorded);
  }
  return result;
}

function notifyContentChange(deps: Deps, change: ContentChange): void {
  deps.publisher?.markDirty("content");
  try {
    deps.onContentChange?.(change);
  } catch (err) {
    // The write is committed and recorded; the publisher also polls content_changes.
    console.warn("[api] onContentChange listener failed", err);
  }
}
