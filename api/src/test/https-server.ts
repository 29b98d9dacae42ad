/**
 * A real HTTPS server on a loopback port, for the booking link check (lib/booking-link-check.ts):
 * its certificate is made in the test (openssl, self-signed, for the given host names) and
 * trusted only by the agent handed back, and the resolver maps those names to 127.0.0.1.
 *
 * Paths: /ok (200), /head-refused (405 to HEAD, 200 to GET), /missing (404), /redirect/N
 * (N more redirects, then 200), /away (a redirect to a host the link rule refuses).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BookingLinkCheckDeps } from "../context.ts";

export interface TestHttpsServer {
  /** What deps.bookingLinkCheck needs to reach it. */
  check: BookingLinkCheckDeps;
  /** Paths asked, with their method ("HEAD /ok"). */
  requests: string[];
  close(): Promise<void>;
}

export async function startTestHttpsServer(hosts: readonly string[]): Promise<TestHttpsServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "link-check-"));
  let key: Buffer;
  let cert: Buffer;
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=link-check-test",
        "-addext",
        `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(",")}`,
      ],
      { stdio: "ignore" },
    );
    key = readFileSync(path.join(dir, "key.pem"));
    cert = readFileSync(path.join(dir, "cert.pem"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const requests: string[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const url = req.url ?? "/";
    requests.push(`${req.method} ${url}`);
    const redirect = /^\/redirect\/(\d+)$/.exec(url);
    if (url === "/ok") res.writeHead(200, { "content-type": "text/html" }).end("<p>Book</p>");
    else if (url === "/head-refused") res.writeHead(req.method === "HEAD" ? 405 : 200).end();
    else if (redirect) {
      const left = Number(redirect[1]);
      if (left === 0) res.writeHead(200).end();
      else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
    } else if (url === "/away") res.writeHead(302, { location: "https://elsewhere.example/book" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const agent = new Agent({ ca: cert, keepAlive: false });
  const known = new Set(hosts);
  return {
    check: {
      agent,
      port: (server.address() as AddressInfo).port,
      allowPrivateAddresses: true,
      timeoutMs: 5_000,
      resolve: async (host) => {
        if (!known.has(host)) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
        return ["127.0.0.1"];
      },
    },
    requests,
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
