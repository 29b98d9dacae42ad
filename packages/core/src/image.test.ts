import { describe, expect, it } from "vitest";
import { POST_FORM } from "./constants.ts";
import { sniffImageType, validateImageFile } from "./image.ts";

describe("validateImageFile (product.md §5)", () => {
  it("accepts JPEG, PNG, GIF and WebP up to 5 MB", () => {
    expect(POST_FORM.imageMaxBytes).toBe(5 * 1024 * 1024);
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/webp"]) {
      expect(validateImageFile({ type, size: 5 * 1024 * 1024 })).toBeNull();
    }
  });
  it("rejects other types with the spec's texts", () => {
    expect(validateImageFile({ type: "image/svg+xml", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please select a JPEG, PNG, GIF, or WebP image file.",
    });
    expect(validateImageFile({ type: "", size: 10 })?.title).toBe("Invalid file type");
  });
  it("rejects files over 5 MB with the spec's texts", () => {
    expect(validateImageFile({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 5MB.",
    });
  });
});

describe("sniffImageType", () => {
  const bytes = (...b: (number | string)[]) => new Uint8Array(b.flatMap((x) => (typeof x === "string" ? [...x].map((c) => c.charCodeAt(0)) : [x])));
  it("recognises the four formats by magic bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBe("image/jpeg");
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a", 1, 0))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });
  it("rejects anything else, including short input and HTML", () => {
    expect(sniffImageType(bytes("<html>"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
