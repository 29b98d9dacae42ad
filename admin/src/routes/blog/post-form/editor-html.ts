import { BLOG_ALLOWED_TAGS } from "@botox/core/blog-tags";

/**
 * Elements the blog sanitizer keeps (@botox/core/blog-tags) that the visual editor has no node
 * or mark for. Editing such a post visually would drop them on the next keystroke, so the
 * editor opens it in the HTML source view instead.
 */
const WITHOUT_EDITOR_NODE = new Set<string>(["table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "figure", "figcaption", "span", "sup", "sub"]);
const KEPT_BY_EDITOR = new Set<string>(BLOG_ALLOWED_TAGS.filter((tag) => !WITHOUT_EDITOR_NODE.has(tag)));

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
