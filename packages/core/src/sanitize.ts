/**
 * The one blog HTML sanitizer (architecture.md §8), used by the API on every write and by the site
 * when it renders, so what is stored and what is shown follow one allowlist: headings,
 * paragraphs, lists, links, images, emphasis, quotes, code and tables. Everything else is
 * dropped: scripts, styles and style attributes, frames and embeds, forms, svg/math (their
 * foreign-content parsing rules are where mutation XSS lives), on* handlers, id/name (DOM
 * clobbering), and any URL that is not http(s), mailto or tel (javascript:/data: in any
 * spelling; protocol-relative "//host" and "/\host").
 *
 * Imported as `@botox/core/sanitize` (not from the package index: islands never need it).
 */
import sanitizeHtml from "sanitize-html";
import { BLOG_ALLOWED_TAGS } from "./blog-tags.ts";

// Tags whose whole content goes with them (the default keeps a dropped tag's text).
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "title",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "select",
  "frameset",
  "head",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOG_ALLOWED_TAGS],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowedStyles: {},
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  // Unclosed attribute quotes or stray "<" cannot smuggle markup through as text.
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    // The page title is the only h1; content headings start at h2.
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", alt: attribs.alt ?? "" } }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
