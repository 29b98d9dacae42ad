import { describe, expect, expectTypeOf, it } from "vitest";
import { errorsOf } from "../testing.ts";
import { loginSchema, type LoginInput } from "./auth.ts";

describe("login (product.md §5)", () => {
  it("requires both fields with one message", () => {
    const msg = "Please enter both username and password";
    expect(errorsOf(loginSchema, { username: "", password: "" })).toEqual({ username: msg, password: msg });
    expect(errorsOf(loginSchema, {})).toEqual({ username: msg, password: msg });
    expect(loginSchema.safeParse({ username: "admin", password: "x" }).success).toBe(true);
  });
  it("types the body with the schema", () => {
    expectTypeOf<LoginInput>().toEqualTypeOf<{ username: string; password: string }>();
  });
});
