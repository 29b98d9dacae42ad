/** SEO score of the post form (product.md §5), out of 100. */
import { POST_FORM } from "./constants.ts";
import { parseKeywords } from "./keywords.ts";
import { countWords } from "./post-fill.ts";

export type SeoCheckStatus = "good" | "warning" | "info";
export type SeoCheckId = "title" | "metaDescription" | "keywords" | "content" | "headings" | "featuredImage";

export interface SeoCheck {
  id: SeoCheckId;
  points: number;
  max: number;
  status: SeoCheckStatus;
  message: string;
}

export type SeoLabel = "Excellent" | "Good" | "Fair" | "Needs Improvement";
export type SeoColor = "green" | "amber" | "red";

export interface SeoScore {
  score: number;
  label: SeoLabel;
  color: SeoColor;
  checks: SeoCheck[];
}

export interface SeoInput {
  title?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  /** Comma-separated text as stored, or a list. */
  keywords?: string | readonly string[] | null;
  content?: string | null;
  featuredImage?: string | null;
}

/** full points → good, some → warning, none → info (something to add). */
function check(id: SeoCheckId, points: number, max: number, message: string): SeoCheck {
  return { id, points, max, status: points === max ? "good" : points > 0 ? "warning" : "info", message };
}

export function seoLabel(score: number): SeoLabel {
  if (score >= 80) return "Excellent";
  if (score >= 60) return "Good";
  if (score >= 40) return "Fair";
  return "Needs Improvement";
}

/** Bar colour at the 80 and 60 thresholds (product.md §5). */
export function seoColor(score: number): SeoColor {
  if (score >= 80) return "green";
  if (score >= 60) return "amber";
  return "red";
}

/**
 * product.md §5 table. The title scored is the meta title when set, else the post title: the meta
 * title is what a search result shows, and the post title stands in for it on submit (§4).
 */
export function seoScore(input: SeoInput): SeoScore {
  const { min: tMin, max: tMax } = POST_FORM.titleTarget;
  const title = (input.metaTitle?.trim() || input.title?.trim()) ?? "";
  const tl = title.length;
  const titleCheck =
    tl === 0
      ? check("title", 0, 20, "Add a title.")
      : tl < tMin
        ? check("title", 10, 20, `Title is ${tl} characters; aim for ${tMin}-${tMax}.`)
        : tl > tMax
          ? check("title", 5, 20, `Title is ${tl} characters; keep it to ${tMax} or fewer so it is not cut off.`)
          : check("title", 20, 20, `Title length (${tl} characters) is ideal.`);

  const dl = input.metaDescription?.trim().length ?? 0;
  const descCheck =
    dl === 0
      ? check("metaDescription", 0, 20, "Add a meta description.")
      : dl < 120
        ? check("metaDescription", 10, 20, `Meta description is ${dl} characters; aim for 120-160.`)
        : dl > POST_FORM.metaDescriptionMax
          ? check("metaDescription", 5, 20, `Meta description is ${dl} characters; keep it to 160 or fewer.`)
          : check("metaDescription", 20, 20, `Meta description length (${dl} characters) is ideal.`);

  const { min: kMin, max: kMax } = POST_FORM.keywordTarget;
  const kc = parseKeywords(input.keywords).length;
  const kwCheck =
    kc === 0
      ? check("keywords", 0, 15, "Add some keywords.")
      : kc < kMin
        ? check("keywords", 5, 15, `${kc} keyword${kc === 1 ? "" : "s"}; aim for ${kMin}-${kMax}.`)
        : kc > kMax
          ? check("keywords", 5, 15, `${kc} keywords; use at most ${kMax}.`)
          : check("keywords", 15, 15, `${kc} keywords: a good number.`);

  const wc = countWords(input.content);
  const contentCheck =
    wc >= POST_FORM.contentTargetWords
      ? check("content", 25, 25, `${wc} words: great length.`)
      : wc >= POST_FORM.contentGoodWords
        ? check("content", 15, 25, `${wc} words: good; ${POST_FORM.contentTargetWords}+ is better.`)
        : check("content", 5, 25, `${wc} words: write at least ${POST_FORM.contentGoodWords}, ideally ${POST_FORM.contentTargetWords}+.`);

  const headingsCheck = /<h[23][\s>]/i.test(input.content ?? "")
    ? check("headings", 10, 10, "Content uses headings (h2/h3).")
    : check("headings", 0, 10, "Add h2 or h3 headings to structure the content.");

  const imageCheck = input.featuredImage?.trim()
    ? check("featuredImage", 10, 10, "Featured image set.")
    : check("featuredImage", 0, 10, "Add a featured image (ideally 1200x630 px).");

  const checks = [titleCheck, descCheck, kwCheck, contentCheck, headingsCheck, imageCheck];
  const score = Math.min(
    POST_FORM.scoreMax,
    checks.reduce((sum, c) => sum + c.points, 0),
  );
  return { score, label: seoLabel(score), color: seoColor(score), checks };
}
