import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createApp } from "../../app.ts";
import { ORIGIN, createAdminTestContext, type AdminTestContext } from "../../auth/test-helpers.ts";
import { readApiEnv } from "../../env.ts";
import { IMAGE_TOO_LARGE } from "../../lib/uploads.ts";

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
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    expect((await upload(png, "a.png", "image/png", null)).status).toBe(401);
    expect((await upload(png, "a.png", "image/png", "session=abcdefghijklmnopqrstuvwxyz234567")).status).toBe(401);
  });

  it("re-encodes a PNG to WebP with a 1200x630 cover and serves both safely", async () => {
    const png = await sharp({ create: { width: 2400, height: 900, channels: 3, background: "#c0ffee" } }).png().toBuffer();
    const res = await upload(png, "photo.png", "image/png");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; ogUrl: string };
    expect(body.url).toMatch(/^http:\/\/localhost\/api\/v1\/uploads\/[a-f0-9]{32}\.webp$/);
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
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#123456" } }).jpeg().toBuffer();
    expect((await upload(jpeg, "x.bin", "application/octet-stream")).status).toBe(201);
  });

  it("refuses files over 5 MB with 413", async () => {
    for (const size of [5.5 * 1024 * 1024, 6 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const res = await upload(big, "big.png", "image/png");
      expect(res.status).toBe(413);
      // Past the global 6 MB body limit the generic message answers instead of the image one.
      if (size < 6 * 1024 * 1024) expect(await res.json()).toEqual({ error: MSG.validation.imageSize });
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
    expect((await t.request("POST", "/upload/blog-image", { cookie, body: { image: "x" } })).status).toBe(415);
  });
});

const UPLOAD_TEST_BOMB_MAX = 200 * 1024;

describe("GET /uploads/{name}", () => {
  it("serves only generated names: traversal and unknown names are 404", async () => {
    for (const name of ["..%2F..%2Fpackage.json", "..%2F.env", "abc.webp", "0123456789abcdef0123456789abcdef.html", `${"a".repeat(32)}.webp`]) {
      expect((await t.app.request(`/api/v1/uploads/${name}`)).status, name).toBe(404);
    }
  });
});

describe("S3-compatible storage", () => {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  let server: ServerType;
  let endpoint: string;
  const authorizations: string[] = [];

  beforeAll(async () => {
    const fake = new Hono();
    fake.put("/bucket/:key", async (c) => {
      authorizations.push(c.req.header("authorization") ?? "");
      objects.set(c.req.param("key"), { body: Buffer.from(await c.req.arrayBuffer()), type: c.req.header("content-type") });
      return c.body(null, 200);
    });
    fake.get("/bucket/:key", (c) => {
      const o = objects.get(c.req.param("key"));
      return o ? c.body(new Uint8Array(o.body), 200) : c.body("NoSuchKey", 404);
    });
    endpoint = await new Promise<string>((resolve) => {
      server = serve({ fetch: fake.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(`http://127.0.0.1:${info.port}`));
    });
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  function appWith(extra: Record<string, string>) {
    const env = readApiEnv({ NODE_ENV: "test", S3_ENDPOINT: endpoint, S3_BUCKET: "bucket", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "AKIDTEST", S3_SECRET_ACCESS_KEY: "secret", ...extra });
    return createApp({ ...t.deps, env });
  }
  async function uploadTo(app: ReturnType<typeof createApp>) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#abcdef" } }).png().toBuffer();
    const form = new FormData();
    form.append("image", new File([png], "a.png", { type: "image/png" }));
    return app.request("/api/v1/upload/blog-image", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body: form });
  }

  it("stores signed objects in the bucket and serves them through the API", async () => {
    const app = appWith({});
    const res = await uploadTo(app);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; ogUrl: string };
    const name = path.basename(body.url);
    expect(body.url).toBe(`http://localhost/api/v1/uploads/${name}`);
    expect(objects.get(name)?.type).toBe("image/webp");
    expect(objects.has(name.replace(".webp", "-og.webp"))).toBe(true);
    expect(authorizations.every((a) => a.startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/"))).toBe(true);

    const served = await app.request(`/api/v1/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    // The site and the admin are other origins (another site in production): they must be able to show it.
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(Buffer.from(await served.arrayBuffer()).equals(objects.get(name)!.body)).toBe(true);
    expect((await app.request(`/api/v1/uploads/${"b".repeat(32)}.webp`)).status).toBe(404);
  });

  it("answers bucket URLs when a public base URL is configured", async () => {
    const res = await uploadTo(appWith({ S3_PUBLIC_URL: "https://cdn.example.test/images/" }));
    const body = (await res.json()) as { url: string; ogUrl: string };
    expect(body.url).toMatch(/^https:\/\/cdn\.example\.test\/images\/[a-f0-9]{32}\.webp$/);
    expect(body.ogUrl).toMatch(/^https:\/\/cdn\.example\.test\/images\/[a-f0-9]{32}-og\.webp$/);
  });
});
