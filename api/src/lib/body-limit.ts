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
    // The declared length first, from the headers alone: asking the request for its body (even
    // whether it has one) makes the node adapter build the whole web Request and a stream around
    // the socket, which a body read by `c.req.text()` and friends never needs (they read the
    // socket directly). HTTP's framing holds a body to its declared length.
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (!/^\d+$/.test(declared)) throw new HttpError(400, MSG.api.invalidInput);
      if (Number(declared) > options.maxSize) throw new HttpError(413, options.message);
      return next();
    }
    const raw = c.req.raw;
    if (!raw.body) return next();
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
