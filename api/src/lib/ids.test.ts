import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.ts";
import { idParam } from "./ids.ts";

describe("idParam", () => {
  it("gives the id, or a 404 with the route's own message for anything that cannot be one", () => {
    expect(idParam("42", "Clinic not found")).toBe(42);
    for (const raw of ["0", "abc", "2147483648", "1e3"]) {
      const thrown = (() => {
        try {
          idParam(raw, "Clinic not found");
        } catch (err) {
          return err;
        }
      })();
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ status: 404, message: "Clinic not found" });
    }
  });
});
