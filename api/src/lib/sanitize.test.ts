import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./sanitize.ts";

describe("sanitizeBlogHtml", () => {
  it("keeps the allowed structure", () => {
    const html =
      '<h2>T</h2><h3>a</h3><h4>b</h4><p><strong>s</strong> <em>e</em> <a href="https://x.test/a">l</a></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><img src="/api/v1/uploads/x.webp" alt="pic" />';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it("drops scripts, styles, event handlers and dangerous URLs", () => {
    const out = sanitizeBlogHtml(
      '<script>alert(1)</script><style>p{}</style><p style="x" onclick="alert(1)">ok</p>' +
        '<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAAA"><a href="javascript:alert(1)">j</a>' +
        '<a href="JaVaScRiPt:alert(1)">k</a><iframe src="https://evil.test"></iframe><svg onload="alert(1)"></svg><form><input></form>',
    );
    expect(out).not.toMatch(/script|style|onclick|onerror|onload|javascript|data:|iframe|svg|form|input/i);
    expect(out).toContain("<p>ok</p>");
  });

  it("turns h1 into h2 and hardens links opening a new tab", () => {
    expect(sanitizeBlogHtml("<h1>Top</h1>")).toBe("<h2>Top</h2>");
    expect(sanitizeBlogHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
