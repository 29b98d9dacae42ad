/**
 * Where uploaded images are kept: UPLOADS_DIR (default `.data/uploads`), or an S3-compatible
 * bucket when S3_ENDPOINT and S3_BUCKET are set. Each app keeps its env's storage in
 * deps.state (lib/uploads.ts `uploadStorage`).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { defaultDataDir } from "@botox/db";
import type { ApiEnv } from "../env.ts";
import { S3Client } from "./s3.ts";

function uploadsDir(env: ApiEnv): string {
  return env.UPLOADS_DIR ?? path.join(defaultDataDir, "uploads");
}

export interface UploadStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when missing. */
  get(name: string): Promise<Buffer | null>;
  /** Where visitors fetch the object: a bucket/CDN URL, or null to serve it via GET /uploads/{name}. */
  publicUrl(name: string): string | null;
}

const IMAGE_HEADERS = { "content-type": "image/webp", "cache-control": "public, max-age=31536000, immutable" };

class LocalUploadStorage implements UploadStorage {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }
  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, name), bytes, { flag: "wx" });
  }
  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }
  publicUrl(): null {
    return null;
  }
}

class S3UploadStorage implements UploadStorage {
  private readonly client: S3Client;
  private readonly publicBase?: string;

  constructor(client: S3Client, publicBase?: string) {
    this.client = client;
    this.publicBase = publicBase;
  }
  put(name: string, bytes: Buffer): Promise<void> {
    return this.client.putObject(name, bytes, IMAGE_HEADERS);
  }
  get(name: string): Promise<Buffer | null> {
    return this.client.getObject(name);
  }
  publicUrl(name: string): string | null {
    return this.publicBase ? `${this.publicBase.replace(/\/+$/, "")}/${name}` : null;
  }
}

/** The configured storage: S3-compatible when S3_ENDPOINT and S3_BUCKET are set, else UPLOADS_DIR. */
export function createUploadStorage(env: ApiEnv): UploadStorage {
  let storage: UploadStorage;
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT");
    const client = new S3Client({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
    storage = new S3UploadStorage(client, env.S3_PUBLIC_URL);
  } else {
    storage = new LocalUploadStorage(uploadsDir(env));
  }
  return storage;
}
