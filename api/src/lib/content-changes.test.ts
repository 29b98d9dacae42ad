import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "@botox/core/testing";
import { latestContentChangeId } from "@botox/db";
import { writeContent } from "./content-changes.ts";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";

let t: PublicTestContext;
beforeAll(async () => {
  t = await createPublicTestContext();
});
afterAll(() => t.close());

describe("writeContent", () => {
  it("keeps a committed write when a change listener fails, and reports the failure to the logger", async () => {
    const logger = recordingLogger();
    const before = await latestContentChangeId(t.db.db);
    const deps = {
      ...t.deps,
      logger,
      onContentChange: () => {
        throw new Error("listener broke");
      },
    };
    const result = await writeContent(
      deps,
      null,
      async () => "written",
      () => ({ entity: "clinic", entityId: null, action: "update" }),
    );
    expect(result).toBe("written");
    expect(await latestContentChangeId(t.db.db)).toBeGreaterThan(before);
    expect(logger.lines).toEqual([
      { level: "warn", fields: { error: { type: "Error", message: "listener broke" } }, message: "onContentChange listener failed" },
    ]);
  });
});
