/**
 * A minimal S3-compatible object client (PUT and GET), enough for upload storage on AWS S3,
 * Cloudflare R2, MinIO and the like, without an SDK. Requests are signed (AWS Signature V4)
 * by aws4fetch. Path-style URLs: `${endpoint}/${bucket}/${key}`.
 */
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** RFC 3986 encoding of one path segment (S3 signs the path as sent). */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export class S3Client {
  private readonly config: S3Config;
  private readonly aws: AwsClient;

  constructor(config: S3Config) {
    this.config = config;
    // No retries: aws4fetch's default (10, with backoff) could hold an admin's upload for a minute.
    this.aws = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: "s3", region: config.region, retries: 0 });
  }

  private objectUrl(key: string): URL {
    const base = this.config.endpoint.replace(/\/+$/, "");
    return new URL(`${base}/${encodeSegment(this.config.bucket)}/${key.split("/").map(encodeSegment).join("/")}`);
  }

  async putObject(key: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<void> {
    const res = await this.aws.fetch(this.objectUrl(key), {
      method: "PUT",
      // The body's hash is signed, so the store refuses bytes altered on the way (aws4fetch
      // would otherwise sign UNSIGNED-PAYLOAD for S3).
      headers: { ...headers, "x-amz-content-sha256": createHash("sha256").update(body).digest("hex") },
      // A Blob body type-checks under both the Node and the DOM lib (the admin's e2e files see this module).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed under the DOM lib (admin and site type-check this file through @botox/e2e)
      body: new Blob([body as Uint8Array<ArrayBuffer>]),
    });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  /** The object's bytes, or null when it does not exist. */
  async getObject(key: string): Promise<Buffer | null> {
    const res = await this.aws.fetch(this.objectUrl(key), { method: "GET" });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}
