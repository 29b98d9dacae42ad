/** Gap filling of a blog post on submit (product.md §4) and the display fallbacks (product.md §5). */
import { BLOG, POST_FORM } from "./constants.ts";

const BLOCK_TAGS = /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th|section|article|header|footer|figure|figcaption|img)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * Text of an HTML fragment: script/style bodies dropped, tags removed, common entities
 * decoded, whitespace collapsed. Block tags become a space so "<p>a</p><p>b</p>" reads
 * "a b", while inline tags vanish so "<b>Bo</b>tox" stays one word.
 */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(BLOCK_TAGS, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) => decodeCodePoint(code))
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function decodeCodePoint(code: string): string {
  const n = code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : Number(code);
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
}

/** First `max` characters, plus "..." only when something was cut (product.md §4). */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function countWords(html: string | null | undefined): number {
  const text = stripHtml(html);
  return text ? text.split(" ").length : 0;
}

/** Minutes at 225 words per minute, rounded up, at least 1 (product.md §4, §9). */
export function estimateReadTime(html: string | null | undefined): number {
  return Math.max(1, Math.ceil(countWords(html) / BLOG.wordsPerMinute));
}

function isBlank(v: unknown): boolean {
  return v == null || (typeof v === "string" && v.trim() === "");
}

export interface PostGapsInput {
  title: string;
  content: string;
  excerpt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  /** A number, or the form's text; blank means "not provided". */
  estimatedReadTime?: number | string | null;
}

export type PostGapsFilled<T extends PostGapsInput> = Omit<T, "excerpt" | "metaTitle" | "metaDescription" | "estimatedReadTime"> & {
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  estimatedReadTime: number | string;
};

/**
 * On post submit (product.md §4): empty excerpt → first 150 characters of the tag-stripped content
 * plus "..." when longer; empty metaTitle → title; empty metaDescription → first 160
 * characters of the (possibly just filled) excerpt; read time computed when not provided.
 * Given values are kept as they are.
 */
export function fillPostGaps<T extends PostGapsInput>(input: T): PostGapsFilled<T> {
  const excerpt = isBlank(input.excerpt) ? cut(stripHtml(input.content), POST_FORM.autoExcerptLength) : (input.excerpt as string);
  const metaTitle = isBlank(input.metaTitle) ? input.title : (input.metaTitle as string);
  const metaDescription = isBlank(input.metaDescription) ? excerpt.slice(0, POST_FORM.autoMetaDescriptionLength) : (input.metaDescription as string);
  const estimatedReadTime = isBlank(input.estimatedReadTime) ? estimateReadTime(input.content) : (input.estimatedReadTime as number | string);
  return { ...input, excerpt, metaTitle, metaDescription, estimatedReadTime };
}

export interface PostForDisplay {
  content: string;
  excerpt?: string | null;
  metaDescription?: string | null;
}

/** The excerpt shown on cards: the stored one, else the first 150 characters of the text (product.md §5). */
export function excerptForDisplay(post: PostForDisplay): string {
  return isBlank(post.excerpt) ? cut(stripHtml(post.content), BLOG.excerptLength) : (post.excerpt as string).trim();
}

/** The page's meta description: the stored one, else the first 160 characters of the excerpt (product.md §5). */
export function metaDescriptionForDisplay(post: PostForDisplay): string {
  if (!isBlank(post.metaDescription)) return (post.metaDescription as string).trim();
  const source = isBlank(post.excerpt) ? stripHtml(post.content) : (post.excerpt as string).trim();
  return source.slice(0, BLOG.metaDescriptionLength);
}
