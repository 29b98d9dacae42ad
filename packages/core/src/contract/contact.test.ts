import { describe, expect, expectTypeOf, it } from "vitest";
import { errorsOf } from "../testing.ts";
import { contactSchema, type ContactInput } from "./contact.ts";

describe("contact (product.md §5)", () => {
  it("requires name, email and message; email valid; subject optional", () => {
    expect(errorsOf(contactSchema, { name: "", email: "", message: "" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
    expect(errorsOf(contactSchema, { name: "A", email: "bad", message: "Hi" }).email).toBe("Please enter a valid email address.");
    expect(contactSchema.parse({ name: "A", email: "a@b.co", message: "Hi", subject: "" }).subject).toBeNull();
    expect(contactSchema.parse({ name: "A", email: "a@b.co", message: "Hi", subject: "List My Clinic" }).subject).toBe("List My Clinic");
    expect(contactSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi", subject: "Spam" }).success).toBe(false);
  });
  it("types the body with the schema", () => {
    expectTypeOf<ContactInput>()
      .toHaveProperty("subject")
      .toEqualTypeOf<"General Inquiry" | "Clinic Information" | "List My Clinic" | "Report an Issue" | "Other" | null>();
  });
});
