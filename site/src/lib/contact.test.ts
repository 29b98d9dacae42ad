import { describe, expect, it } from "vitest";
import { contactPayload, validateContact } from "./contact.ts";

const ok = { name: "Ann", email: "ann@example.com", subject: "", message: "Hello" };

describe("contact validation (product.md §5)", () => {
  it("requires name, email and message; the subject is optional", () => {
    expect(validateContact(ok)).toEqual({});
    expect(validateContact({ name: " ", email: "", subject: "", message: "\n" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
  });

  it("needs a valid email", () => {
    for (const email of ["ann", "ann@", "ann@example", "a b@example.com"]) {
      expect(validateContact({ ...ok, email }).email).toBe("Please enter a valid email address.");
    }
    expect(validateContact({ ...ok, email: " ann@example.com " })).toEqual({});
  });

  it("sends trimmed values and a null subject when none is chosen", () => {
    expect(contactPayload({ name: " Ann ", email: " ann@example.com", subject: "", message: " Hi " })).toEqual({
      name: "Ann",
      email: "ann@example.com",
      subject: null,
      message: "Hi",
    });
    expect(contactPayload({ ...ok, subject: "List My Clinic" }).subject).toBe("List My Clinic");
  });
});
