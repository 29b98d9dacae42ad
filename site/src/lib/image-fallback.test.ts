import { describe, expect, it } from "vitest";
import { bindImageFallbacks } from "./image-fallback.ts";

describe("bindImageFallbacks", () => {
  it("swaps a failing image for the placeholder once, and leaves other images alone", () => {
    document.body.innerHTML = `<img id="a" src="https://x.test/a.jpg" alt="A"><img id="b" data-fallback="/own.svg" src="https://x.test/b.jpg"><p><img id="c" src="c.jpg"></p>`;
    bindImageFallbacks(document, "#a, #b", "/placeholder-post.svg");
    const [a, b, c] = ["a", "b", "c"].map((id) => document.getElementById(id) as HTMLImageElement);
    a!.dispatchEvent(new Event("error"));
    b!.dispatchEvent(new Event("error"));
    c!.dispatchEvent(new Event("error"));
    expect(a!.getAttribute("src")).toBe("/placeholder-post.svg");
    expect(a!.alt).toBe("");
    expect(b!.getAttribute("src")).toBe("/own.svg");
    expect(c!.getAttribute("src")).toBe("c.jpg");
    a!.dispatchEvent(new Event("error"));
    expect(a!.getAttribute("src")).toBe("/placeholder-post.svg");
  });
});
