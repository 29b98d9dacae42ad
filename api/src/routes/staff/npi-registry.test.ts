/** The NPI registry's answers are read within a size cap, field by field too (loopback servers, no database). */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { STAFF_MSG } from "@botox/core";
import { HttpError } from "../../lib/errors.ts";
import { MAX_REGISTRY_ANSWER_BYTES, askRegistryAt, mapRegistryAnswer } from "./npi-registry.ts";

const NPI = "1000000004";
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback "registry" whose answers `answer` writes; resolves with its URL. */
async function registry(answer: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => answer(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
}

const ask = (url: string) => askRegistryAt({ url, timeoutMs: 30_000 }, NPI);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

const person = (name: string) => ({
  result_count: 1,
  results: [{ number: NPI, basic: { first_name: name, last_name: "Reyes", status: "A" }, taxonomies: [] }],
});

describe("NPI registry answers", () => {
  it("reads a normal answer", async () => {
    const url = await registry((res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(person("Dana"))));
    expect(mapRegistryAnswer(NPI, await ask(url))?.name).toBe("Dana Reyes");
  });

  it("refuses an answer longer than the cap, streamed without a length, and stops reading it", async () => {
    let sent = 0;
    const url = await registry((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"result_count":1,"results":[{"number":"1000000004","basic":{"first_name":"');
      const chunk = "a".repeat(64 * 1024);
      // Up to 32 MB, waiting for the client to read, and stopping when it goes away.
      const more = () => {
        while (sent < 32 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end('"}}]}');
      };
      more();
    });
    expect(await refusal(ask(url))).toEqual({ status: 502, message: STAFF_MSG.registryBadAnswer });
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses an answer whose declared length is over the cap before reading it", async () => {
    const url = await registry((res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(MAX_REGISTRY_ANSWER_BYTES + 1) });
      res.write("{");
    });
    expect(await refusal(ask(url))).toEqual({ status: 502, message: STAFF_MSG.registryBadAnswer });
  });

  it("refuses a field longer than its cap within an answer under the size cap", () => {
    expect(() => mapRegistryAnswer(NPI, person("D".repeat(100_000)))).toThrow(STAFF_MSG.registryBadAnswer);
    expect(mapRegistryAnswer(NPI, person("D".repeat(100)))?.name).toBe(`D${"d".repeat(99)} Reyes`);
  });
});
