import { describe, expect, expectTypeOf, it } from "vitest";
import { errorsOf } from "../testing.ts";
import { newsletterSchema, type NewsletterInput } from "./newsletter.ts";

describe("newsletter (product.md §5)", () => {
  it("requires an email", () => {
    expect(errorsOf(newsletterSchema, { email: "" }).email).toBe("Please enter your email address.");
    expect(errorsOf(newsletterSchema, {}).email).toBe("Please enter your email address.");
    expect(errorsOf(newsletterSchema, { email: "not-an-email" }).email).toBe("Please enter a valid email address.");
  });
  it("sends optional first name and ZIP as null when empty", () => {
    expect(newsletterSchema.parse({ email: " a@b.co ", zipCode: "", firstName: "  " })).toEqual({
      email: "a@b.co",
      zipCode: null,
      firstName: null,
    });
    expect(newsletterSchema.parse({ email: "a@b.co", zipCode: "10001", firstName: "Ann" })).toMatchObject({ zipCode: "10001" });
    expect(errorsOf(newsletterSchema, { email: "a@b.co", zipCode: "123456" }).zipCode).toBe("ZIP code must be exactly 5 digits.");
  });
  it("types the body with the schema", () => {
    expectTypeOf<NewsletterInput>().toEqualTypeOf<{ email: string; zipCode: string | null; firstName: string | null }>();
  });
});
