import { describe, expect, it } from "vitest";
import { ApiRequestError, MSG } from "@botox/core";
import { writeRefusalOf } from "./errors.ts";

const refused = (status: number, body: unknown) => new ApiRequestError(status, "x", typeof body === "string" ? body : JSON.stringify(body));

describe("writeRefusalOf", () => {
  it("puts a 409's reason at the slug field and in the message", () => {
    const r = writeRefusalOf(refused(409, { error: MSG.api.postSlugTaken }), MSG.admin.postCreateError);
    expect(r).toEqual({ fields: { slug: MSG.api.postSlugTaken }, message: MSG.api.postSlugTaken });
  });

  it("keeps field issues of a 400 and shows its reason instead of the fallback", () => {
    const r = writeRefusalOf(
      refused(400, { error: MSG.validation.postTitle, issues: [{ path: ["title"], message: MSG.validation.postTitle }] }),
      MSG.admin.postCreateError,
    );
    expect(r).toEqual({ fields: { title: MSG.validation.postTitle }, message: MSG.validation.postTitle });
  });

  it("uses the reason of another 4xx (413) without a field", () => {
    expect(writeRefusalOf(refused(413, { error: MSG.api.payloadTooLarge }), "fallback")).toEqual({ fields: {}, message: MSG.api.payloadTooLarge });
  });

  it("keeps the fallback for a 5xx, a body without an error, or a network failure", () => {
    expect(writeRefusalOf(refused(500, { error: MSG.api.internal }), "fallback").message).toBe("fallback");
    expect(writeRefusalOf(refused(409, "<html>proxy</html>"), "fallback")).toEqual({ fields: {}, message: "fallback" });
    expect(writeRefusalOf(new TypeError("Failed to fetch"), "fallback")).toEqual({ fields: {}, message: "fallback" });
  });

  it("sends a conflict to the field the screen names", () => {
    expect(writeRefusalOf(refused(409, { error: MSG.api.clinicSlugTaken }), "f", "slug").fields).toEqual({ slug: MSG.api.clinicSlugTaken });
  });
});
