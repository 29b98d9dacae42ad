import { describe, expectTypeOf, it } from "vitest";
import type { UploadResponse } from "./upload.ts";

describe("POST /upload/blog-image", () => {
  it("answers the stored image's URL", () => {
    expectTypeOf<UploadResponse>().toHaveProperty("url").toEqualTypeOf<string>();
  });
});
