/**
 * Body limit that never reads the body itself (hono/body-limit buffers a chunked body before
 * the route runs, so an unauthenticated client could make the API hold megabytes per
 * connection until the session check finally ran):
 * - a declared Content-Length over the limit is refused at once (413);
 * - without one, uploads are refused (411); other bodies are counted while the handler
 *   reads them, and the read fails with BodyTooLargeError (413) past the limit.
 */
import type { MiddlewareHandler } from "hono";
import { MSG } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { BodyTooLargeError, HttpError } from "./errors.ts";

export interface LazyBodyLimitOptions {
  maxSize: number;
  /** The 413 answer's message. */
  message: string;
  /** Refuse bodies without Content-Length (411) instead of counting them. */
  requireLength: boolean;
}

export function lazyBodyLimit(options: LazyBodyLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (!/^\d+$/.test(declared)) throw new HttpError(400, MSG.api.invalidInput);
      if (Number(declared) > options.maxSize) throw new HttpError(413, options.message);
      return next();
    }
    if (options.requireLength) throw new HttpError(411, MSG.api.lengthRequired);
    let size = 0;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > options.maxSize) controller.error(new BodyTooLargeError(options.message));
          else controller.enqueue(chunk);
        },
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed under the DOM lib (admin and site type-check this file through @botox/e2e), whose RequestInit has no `duplex`
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    return next();
  };
}
