/**
 * Elements the API's sanitizer keeps (api/src/lib/sanitize.ts) that the visual editor has no
 * node or mark for. Editing such a post visually would drop them on the next keystroke, so
 * the editor opens it in the HTML source view instead.
 */
const KEPT_BY_EDITOR = new Set([
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
]);

/** Lower-case names of the elements in `html` the visual editor would not keep, sorted, once each. */
export function tagsTheEditorDrops(html: string): string[] {
  if (!html.includes("<")) return [];
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const dropped = new Set<string>();
  for (const el of Array.from(doc.body.querySelectorAll("*"))) {
    const tag = el.tagName.toLowerCase();
    if (!KEPT_BY_EDITOR.has(tag)) dropped.add(tag);
  }
  return [...dropped].sort();
}
