/**
 * The bypass fixtures of the one blog sanitizer (API writes and site rendering share it).
 * Each hostile input must come out without anything that runs, loads or clobbers, and a
 * second pass must change nothing (what is stored is already what is shown).
 */
import { describe, expect, it } from "vitest";
import { BLOG_ALLOWED_TAGS } from "./blog-tags.ts";
import { sanitizeBlogHtml } from "./sanitize.ts";

/** Anything in the output that could run script, load a foreign document or clobber the DOM. */
const DANGER =
  /<(script|style|iframe|frame|object|embed|svg|math|form|input|textarea|template|base|meta|link|noscript)\b|\son[a-z]+\s*=|\sstyle\s*=|\s(id|name|srcdoc|srcset|formaction|xlink:href)\s*=|javascript:|vbscript:|data:|href="\s*\/[/\\]|src="\s*\/[/\\]/i;

const FIXTURES: Record<string, string[]> = {
  "svg/math namespace confusion": [
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    "<svg><script>alert(1)</script></svg>",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    "<math><style><img src=x onerror=alert(1)></math>",
    '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "<template><img src=x onerror=alert(1)></template>",
  ],
  "obfuscated javascript: and data: URLs": [
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="java\0script:alert(1)">x</a>',
    '<a href="java<!-- -->script:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    '<img src="DATA:image/png;base64,AAAA">',
    '<a href="//evil.example/x">x</a>',
    '<a href="/\\evil.example/x">x</a>',
    '<img src="\\\\evil.example/x.png">',
  ],
  "style attributes and style elements": [
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<p style="behavior:url(x.htc)">x</p>',
    "<style>@import 'https://evil.example/x.css';</style><p>x</p>",
    '<span style="position:fixed;inset:0">overlay</span>',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
  ],
  "iframe, srcdoc, object and embed": [
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="https://evil.example/x.swf">',
    '<frameset><frame src="javascript:alert(1)"></frameset>',
    '<p srcdoc="x">x</p>',
    '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  ],
  "DOM clobbering": [
    '<a id="cookie" name="cookie" href="https://x.test">x</a>',
    '<img name="getElementById" src="https://x.test/a.png">',
    '<form id="config"><input name="apiUrl" value="https://evil.example"></form>',
    '<a id="defaultView" href="https://x.test">x</a><a id="defaultView" name="href" href="https://evil.example">y</a>',
    '<p id="__proto__">x</p>',
  ],
  "event handlers": [
    '<img src="https://x.test/a.png" onerror="alert(1)">',
    '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
    '<a href="https://x.test" onfocus="alert(1)" autofocus>x</a>',
    "<img src=x oNeRrOr=alert(1)>",
    "<p/onclick=alert(1)>x</p>",
  ],
};

describe("sanitizeBlogHtml bypass fixtures", () => {
  for (const [group, inputs] of Object.entries(FIXTURES)) {
    it.each(inputs)(`${group}: %s`, (input) => {
      const out = sanitizeBlogHtml(input);
      expect(out).not.toMatch(DANGER);
      expect(sanitizeBlogHtml(out)).toBe(out);
    });
  }
});

describe("sanitizeBlogHtml allowlist", () => {
  // The admin's editor reads BLOG_ALLOWED_TAGS to know what a post may hold (editor-html.ts):
  // the sanitizer keeps exactly that list, so the two cannot disagree.
  it("keeps every element of BLOG_ALLOWED_TAGS, and no other", () => {
    const elementsIn = (html: string) => new Set([...html.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]));
    const VOID = new Set(["br", "hr", "img"]);
    const kept = BLOG_ALLOWED_TAGS.filter((tag) => {
      const html = VOID.has(tag) ? `<${tag}>` : `<${tag}>x</${tag}>`;
      return elementsIn(sanitizeBlogHtml(html)).has(tag);
    });
    expect(kept).toEqual([...BLOG_ALLOWED_TAGS]);
    const others = [
      "div",
      "section",
      "article",
      "header",
      "footer",
      "nav",
      "aside",
      "main",
      "font",
      "center",
      "mark",
      "small",
      "del",
      "ins",
      "video",
      "audio",
      "button",
      "label",
      "dl",
      "dt",
      "dd",
      "h5",
      "h6",
    ];
    const out = sanitizeBlogHtml(others.map((tag) => `<${tag}>x</${tag}>`).join(""));
    expect([...elementsIn(out)].filter((tag) => !BLOG_ALLOWED_TAGS.includes(tag as never))).toEqual([]);
  });

  it("keeps the allowed structure", () => {
    const html =
      '<h2>T</h2><h3>a</h3><h4>b</h4><p><strong>s</strong> <em>e</em> <a href="https://x.test/a">l</a></p>' +
      "<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>" +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><img src="/api/v1/uploads/x.webp" alt="pic" loading="lazy" />';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it("turns h1 into h2, hardens links opening a new tab and lazy-loads images with an alt", () => {
    expect(sanitizeBlogHtml("<h1>Top</h1>")).toBe("<h2>Top</h2>");
    expect(sanitizeBlogHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeBlogHtml('<img src="https://x.test/a.png">')).toBe('<img src="https://x.test/a.png" loading="lazy" alt="" />');
  });

  it("keeps mailto: and tel: links and drops the text of svg/math/script entirely", () => {
    expect(sanitizeBlogHtml('<a href="mailto:a@b.test">m</a><a href="tel:+15551234567">t</a>')).toBe(
      '<a href="mailto:a@b.test">m</a><a href="tel:+15551234567">t</a>',
    );
    expect(sanitizeBlogHtml("<p>a</p><svg><text>hidden</text></svg><math><mi>x</mi></math><script>s()</script>")).toBe("<p>a</p>");
  });
});
