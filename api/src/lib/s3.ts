/**
 * A minimal S3-compatible object client (PUT and GET) signed with AWS Signature V4, enough
 * for upload storage on AWS S3, Cloudflare R2, MinIO and the like, without an SDK.
 * Path-style URLs: `${endpoint}/${bucket}/${key}`.
 */
import { createHash, createHmac } from "node:crypto";

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 requires. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  now: Date;
}

/** Headers to send (including Authorization) for a SigV4-signed S3 request. */
export function signS3Request(config: Pick<S3Config, "region" | "accessKeyId" | "secretAccessKey">, input: SignInput): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    "x-amz-content-sha256": input.payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join("&");
  const canonical = [
    input.method,
    input.url.pathname,
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(""),
    names.join(";"),
    input.payloadHash,
  ].join("\n");
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}` };
}

export class S3Client {
  private readonly config: S3Config;

  constructor(config: S3Config) {
    this.config = config;
  }

  private objectUrl(key: string): URL {
    const base = this.config.endpoint.replace(/\/+$/, "");
    return new URL(`${base}/${encodeSegment(this.config.bucket)}/${key.split("/").map(encodeSegment).join("/")}`);
  }

  async putObject(key: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<void> {
    const url = this.objectUrl(key);
    const signed = signS3Request(this.config, { method: "PUT", url, headers, payloadHash: sha256Hex(body), now: new Date() });
    // A Blob body type-checks under both the Node and the DOM lib (the admin's e2e files see this module).
    const res = await fetch(url, { method: "PUT", headers: signed, body: new Blob([body as Uint8Array<ArrayBuffer>]) });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  /** The object's bytes, or null when it does not exist. */
  async getObject(key: string): Promise<Buffer | null> {
    const url = this.objectUrl(key);
    const signed = signS3Request(this.config, { method: "GET", url, headers: {}, payloadHash: sha256Hex(""), now: new Date() });
    const res = await fetch(url, { headers: signed });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}
