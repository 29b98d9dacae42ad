import { describe, expect, it } from "vitest";
import { formatLogLine, lineLogger } from "./logger.ts";

describe("lineLogger", () => {
  it("prints the message, then the fields as key=value (text as is, anything else as JSON)", () => {
    const lines: string[] = [];
    const logger = lineLogger((line) => lines.push(line));
    logger.info({ buildId: 12, trigger: "content", pageCount: null }, "build started");
    logger.warn({ error: { type: "Error", message: "gone" } }, "poll failed");
    logger.error({}, "stopped");
    expect(lines).toEqual(["build started (buildId=12 trigger=content pageCount=null)", 'poll failed (error={"type":"Error","message":"gone"})', "stopped"]);
    expect(formatLogLine({ path: "/a b" }, "x")).toBe("x (path=/a b)");
  });
});
