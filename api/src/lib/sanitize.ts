import sanitizeHtml from "sanitize-html";

/**
 * Blog HTML allowlist (design.md §8): headings, paragraphs, lists, links, images, emphasis,
 * quotes, code and tables. Everything else (script, style, iframes, forms, on* handlers,
 * style attributes, javascript:/data: URLs) is dropped. Applied on every write; the site
 * applies the same function when it renders.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "p", "br", "hr", "ul", "ol", "li", "a", "img", "strong", "b", "em", "i", "u", "s",
    "blockquote", "code", "pre", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
    "figure", "figcaption", "span", "sup", "sub",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the only h1; content headings start at h2.
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
