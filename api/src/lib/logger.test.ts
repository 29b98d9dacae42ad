import { describe, expect, it } from "vitest";
import { createLogger, noteRequestId, withRequestLog } from "./logger.ts";

function collect() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const destination = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { lines, raw, logger: createLogger({ destination }) };
}

describe("request logs", () => {
  it("write one JSON line per request: id, method, path without the query, status, duration", async () => {
    const { lines, raw, logger } = collect();
    const fetch = withRequestLog(logger, async () => new Response("{}", { status: 201, headers: { "x-request-id": "req-1" } }));
    await fetch(
      new Request("http://api.test/api/v1/newsletter/subscribe?email=jane%40example.test&zip=10001", {
        method: "POST",
        headers: { cookie: "session=secret-token" },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", requestId: "req-1", method: "POST", path: "/api/v1/newsletter/subscribe", status: 201 });
    expect(typeof lines[0]?.durationMs).toBe("number");
    expect(typeof lines[0]?.time).toBe("string");
    const text = raw.join("");
    expect(text).not.toContain("example.test");
    expect(text).not.toContain("10001");
    expect(text).not.toContain("secret-token");
  });

  it("takes a kept answer's request id as it was noted, without building its headers", async () => {
    const { lines, logger } = collect();
    const kept = noteRequestId(new Response("{}", { status: 200 }), "req-kept");
    Object.defineProperty(kept, "headers", {
      get() {
        throw new Error("headers read for the log line");
      },
    });
    await withRequestLog(logger, () => kept)(new Request("http://api.test/api/v1/zip-search?postalCode=10001"));
    expect(lines[0]).toMatchObject({ msg: "request", requestId: "req-kept", path: "/api/v1/zip-search", status: 200 });
  });

  it("bounds a huge path, and logs a thrown error by class and message only", async () => {
    const { lines, logger } = collect();
    await withRequestLog(logger, async () => new Response(null, { status: 404 }))(new Request(`http://api.test/${"a".repeat(10_000)}`));
    expect(String(lines[0]?.path).length).toBeLessThanOrEqual(512);
    const failing = withRequestLog(logger, async () => {
      throw new TypeError("bad thing");
    });
    await expect(failing(new Request("http://api.test/x"))).rejects.toThrow("bad thing");
    expect(lines[1]).toMatchObject({ msg: "request failed", path: "/x", error: { type: "TypeError", message: "bad thing" } });
    expect(JSON.stringify(lines[1])).not.toContain("at ");
  });

  it("redacts secrets and emails whoever logs them", () => {
    const { raw, logger } = collect();
    logger.info({ password: "hunter2", email: "jane@example.test", user: { cookie: "session=abc" } }, "oops");
    const text = raw.join("");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("jane@example.test");
    expect(text).not.toContain("session=abc");
  });
});
