import { mkdtemp, readdir, rm } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createApp } from "../../app.ts";
import { ORIGIN, createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";
import { encodeForm } from "../../test/request.ts";
import { readApiEnv } from "../../env.ts";
import { S3Client } from "../../lib/s3.ts";
import { IMAGE_TOO_LARGE, MAX_CONCURRENT_UPLOADS } from "../../lib/uploads.ts";

let t: AdminTestContext;
let cookie: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "uploads-test-"));
  t = await createAdminTestContext({ UPLOADS_DIR: dir });
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function upload(bytes: Uint8Array, filename: string, type: string, session: string | null = cookie) {
  const form = new FormData();
  form.append("image", new File([bytes], filename, { type }));
  return t.request("POST", "/upload/blog-image", { cookie: session ?? undefined, body: form });
}

function chunk(kind: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(kind, "ascii"), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid, tiny PNG that decodes to 20000x20000 pixels (1-bit grayscale, all black). */
function pixelBomb(size = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // grayscale
  const raw = Buffer.alloc((1 + Math.ceil(size / 8)) * size); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("POST /upload/blog-image", () => {
  it("answers 401 without a session", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await upload(png, "a.png", "image/png", null)).status).toBe(401);
    expect((await upload(png, "a.png", "image/png", "session=abcdefghijklmnopqrstuvwxyz234567")).status).toBe(401);
  });

  it("re-encodes a PNG to WebP with a 1200x630 cover and serves both safely", async () => {
    const png = await sharp({ create: { width: 2400, height: 900, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer();
    const res = await upload(png, "photo.png", "image/png");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; ogUrl: string };
    // From configuration (PUBLIC_API_URL, default localhost:PORT), not from the Host header.
    expect(body.url).toMatch(/^http:\/\/localhost:8787\/api\/v1\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(body.ogUrl).toBe(body.url.replace(".webp", "-og.webp"));

    const served = await t.app.request(new URL(body.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/^default-src 'none'(;|$)/);
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    const main = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(main).toMatchObject({ format: "webp", width: 2000, height: 750 });

    const og = await sharp(Buffer.from(await (await t.app.request(new URL(body.ogUrl).pathname)).arrayBuffer())).metadata();
    expect(og).toMatchObject({ format: "webp", width: 1200, height: 630 });
    const base = path.basename(body.url, ".webp");
    expect((await readdir(dir)).filter((f) => f.startsWith(base)).sort()).toEqual([`${base}-og.webp`, `${base}.webp`]);
  });

  it("decides the type by content: a script renamed .jpg is 415", async () => {
    const script = new TextEncoder().encode("<script>alert(document.cookie)</script>\n");
    const res = await upload(script, "evil.jpg", "image/jpeg");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: MSG.validation.imageType });
  });

  it("accepts a JPEG declared as something else", async () => {
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, "x.bin", "application/octet-stream")).status).toBe(201);
  });

  it("refuses files over 5 MB with 413", async () => {
    for (const size of [5.5 * 1024 * 1024, 6 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const res = await upload(big, "big.png", "image/png");
      expect(res.status).toBe(413);
      // The spec's message whatever the size (a 6 MB body once got the generic one).
      expect(await res.json()).toEqual({ error: MSG.validation.imageSize });
    }
  });

  it("refuses a pixel bomb with 400 before decoding it", async () => {
    const bomb = pixelBomb();
    expect(bomb.byteLength).toBeLessThan(UPLOAD_TEST_BOMB_MAX);
    const res = await upload(bomb, "bomb.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: IMAGE_TOO_LARGE });
  });

  it("answers 400 when the image field is missing and 415 for a non-multipart body", async () => {
    const form = new FormData();
    form.append("other", "x");
    expect((await t.request("POST", "/upload/blog-image", { cookie, body: form })).status).toBe(400);
    const json = JSON.stringify({ image: "x" });
    const headers = { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json", "Content-Length": String(json.length) };
    expect((await t.app.request("/api/v1/upload/blog-image", { method: "POST", headers, body: json })).status).toBe(415);
  });
});

const UPLOAD_TEST_BOMB_MAX = 200 * 1024;

describe("upload bodies are never read before the session check", () => {
  /** A body that sends `sent` bytes and then never ends, counting what was pulled from it. */
  function endless() {
    const state = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        state.pulled += 1;
        if (state.pulled === 1) controller.enqueue(new Uint8Array(64 * 1024));
        // Then nothing more: an unfinished chunked upload.
        return new Promise(() => {});
      },
    });
    return { stream, state };
  }
  const within = <T>(p: T | Promise<T>, ms = 5_000) =>
    Promise.race([Promise.resolve(p), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("still waiting for the body")), ms))]);

  it("refuses an upload without Content-Length (411) without reading it, signed in or not", async () => {
    for (const session of [undefined, cookie]) {
      const { stream, state } = endless();
      const res = await within(
        t.app.request("/api/v1/upload/blog-image", {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x", ...(session ? { Cookie: session } : {}) },
          body: stream,
          duplex: "half",
        }),
      );
      expect(res.status).toBe(411);
      expect(await res.json()).toEqual({ error: MSG.api.lengthRequired });
      expect(state.pulled).toBeLessThanOrEqual(1);
    }
  });

  it("answers 401 to an unfinished chunked body on an admin route at once", async () => {
    const { stream } = endless();
    const res = await within(
      t.app.request("/api/v1/blog/categories", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: stream,
        duplex: "half",
      }),
    );
    expect(res.status).toBe(401);
  });

  it("answers 401 before reading a declared 5 MB upload without a session", async () => {
    const { stream, state } = endless();
    const res = await within(
      t.app.request("/api/v1/upload/blog-image", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024) },
        body: stream,
        duplex: "half",
      }),
    );
    expect(res.status).toBe(401);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("counts a chunked JSON body while it is read: over 1 MB is 413", async () => {
    const big = new TextEncoder().encode(JSON.stringify({ name: "x".repeat(1_200_000) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 64 * 1024) controller.enqueue(big.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await t.app.request("/api/v1/blog/categories", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json", Cookie: cookie },
      body: stream,
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: MSG.api.payloadTooLarge });
  });

  it("bounds concurrent uploads: past the limit, 429 with Retry-After", async () => {
    const png = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const results = await Promise.all(Array.from({ length: MAX_CONCURRENT_UPLOADS + 4 }, () => upload(png, "a.png", "image/png")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(MAX_CONCURRENT_UPLOADS);
    const busy = results.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers.get("retry-after")).toBe("1");
    expect(await busy[0]?.json()).toEqual({ error: MSG.api.uploadsBusy });
  });

  it("over a real socket, answers unfinished chunked and declared bodies before they are sent", async () => {
    const api = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    const port = (api.address() as AddressInfo).port;
    /** Sends the head and 64 KB of body, never the rest; resolves with the status line. */
    const statusOf = (head: string, chunked: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(head);
          const part = Buffer.alloc(64 * 1024, 0x61);
          socket.write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part);
        });
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error("no answer while the body was unfinished"));
        }, 5_000);
        socket.once("data", (d: Buffer) => {
          clearTimeout(timer);
          socket.destroy();
          resolve(d.toString("latin1").split("\r\n")[0] ?? "");
        });
        socket.once("error", reject);
      });
    const headers = (path: string, extra: string) => `POST /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\n${extra}\r\n`;
    try {
      expect(await statusOf(headers("/upload/blog-image", "Content-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n"), true)).toBe(
        "HTTP/1.1 411 Length Required",
      );
      expect(await statusOf(headers("/blog/categories", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"), true)).toBe(
        "HTTP/1.1 401 Unauthorized",
      );
      expect(
        await statusOf(headers("/upload/blog-image", `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${5 * 1024 * 1024}\r\n`), false),
      ).toBe("HTTP/1.1 401 Unauthorized");
    } finally {
      await new Promise<void>((resolve) => {
        api.close(() => resolve());
        (api as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    }
  });

  it("builds the answer's URL from PUBLIC_API_URL whatever the Host header says", async () => {
    const app = createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", UPLOADS_DIR: dir, PUBLIC_API_URL: "https://api.example.test/api/v1/" }) });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new File([png], "a.png", { type: "image/png" }));
    const { bytes, headers } = await encodeForm(form);
    const res = await app.request("http://evil.example/api/v1/upload/blog-image", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, Host: "evil.example", ...headers },
      body: bytes,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/api\.example\.test\/api\/v1\/uploads\/[a-f0-9]{32}\.webp$/);
  });
});

describe("GET /uploads/{name}", () => {
  it("serves only generated names: traversal and unknown names are 404", async () => {
    for (const name of ["..%2F..%2Fpackage.json", "..%2F.env", "abc.webp", "0123456789abcdef0123456789abcdef.html", `${"a".repeat(32)}.webp`]) {
      expect((await t.app.request(`/api/v1/uploads/${name}`)).status, name).toBe(404);
    }
  });
});

describe("S3-compatible storage", () => {
  // A real S3-compatible server on loopback (s3rver). It checks the access key of a Signature
  // V4 request but not the signature itself; lib/s3.test.ts checks the signing.
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  const bucket = new S3Client({ endpoint: "http://127.0.0.1:1", bucket: "bucket", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
  let direct: S3Client;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), "s3rver-test-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "bucket" }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    direct = new S3Client({ endpoint, bucket: "bucket", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
  });
  afterAll(async () => {
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  function appWith(extra: Record<string, string>) {
    const env = readApiEnv({
      NODE_ENV: "test",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "bucket",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      ...extra,
    });
    return createApp({ ...t.deps, env });
  }
  async function uploadTo(app: ReturnType<typeof createApp>) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new File([png], "a.png", { type: "image/png" }));
    const { bytes, headers } = await encodeForm(form);
    return app.request("/api/v1/upload/blog-image", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN, ...headers }, body: bytes });
  }

  it("stores signed objects in the bucket and serves them through the API", async () => {
    const app = appWith({});
    const res = await uploadTo(app);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; ogUrl: string };
    const name = path.basename(body.url);
    expect(body.url).toBe(`http://localhost:8787/api/v1/uploads/${name}`);

    // Both variants landed in the bucket as WebP, read back with the same signed client.
    const stored = await direct.getObject(name);
    expect(stored?.subarray(8, 12).toString("ascii")).toBe("WEBP");
    expect((await direct.getObject(name.replace(".webp", "-og.webp")))?.subarray(8, 12).toString("ascii")).toBe("WEBP");
    // s3rver serves objects to anyone (no ACLs): a plain read shows the stored headers.
    const head = await fetch(`${endpoint}/bucket/${name}`, { method: "HEAD" });
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(head.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const served = await app.request(`/api/v1/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    // The site and the admin are other origins (another site in production): they must be able to show it.
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(stored && Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    expect((await app.request(`/api/v1/uploads/${"b".repeat(32)}.webp`)).status).toBe(404);
  });

  it("encodes keys, reads missing objects as null, and fails on an unknown key, bucket or endpoint", async () => {
    await direct.putObject("dir/a b+c.txt", new TextEncoder().encode("hello"), { "content-type": "text/plain" });
    // The key's segments are encoded once: the object is where a plain URL of that key points.
    const res = await fetch(`${endpoint}/bucket/dir/a%20b%2Bc.txt`);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(await res.text()).toBe("hello");
    expect((await direct.getObject("dir/a b+c.txt"))?.toString()).toBe("hello");
    expect(await direct.getObject("dir/missing.txt")).toBeNull();

    const unknownKey = new S3Client({ endpoint, bucket: "bucket", region: "us-east-1", accessKeyId: "NOTAKEY", secretAccessKey: "S3RVER" });
    await expect(unknownKey.putObject("x.txt", new Uint8Array([1]))).rejects.toThrow(/S3 PUT x\.txt failed: 403 [^]*InvalidAccessKeyId/);
    await expect(unknownKey.getObject("dir/a b+c.txt")).rejects.toThrow(/S3 GET dir\/a b\+c\.txt failed: 403/);
    const noBucket = new S3Client({ endpoint, bucket: "nobucket", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
    await expect(noBucket.putObject("x.txt", new Uint8Array([1]))).rejects.toThrow(/S3 PUT x\.txt failed: 404/);
    await expect(bucket.putObject("x.txt", new Uint8Array([1]))).rejects.toThrow();
  });

  it("answers bucket URLs when a public base URL is configured", async () => {
    const res = await uploadTo(appWith({ S3_PUBLIC_URL: "https://cdn.example.test/images/" }));
    const body = (await res.json()) as { url: string; ogUrl: string };
    expect(body.url).toMatch(/^https:\/\/cdn\.example\.test\/images\/[a-f0-9]{32}\.webp$/);
    expect(body.ogUrl).toMatch(/^https:\/\/cdn\.example\.test\/images\/[a-f0-9]{32}-og\.webp$/);
  });
});
