/** The post form's state, the post it starts from, and which tab holds a field. */
import { BRAND, type BlogPost } from "@botox/core";

export interface PostFormState {
  title: string;
  slug: string;
  categoryId: string;
  author: string;
  content: string;
  published: boolean;
  featuredImage: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  estimatedReadTime: string;
  noIndex: boolean;
}

export const emptyPostForm: PostFormState = {
  title: "",
  slug: "",
  categoryId: "uncategorized",
  author: BRAND.teamAuthor,
  content: "",
  published: false,
  featuredImage: "",
  excerpt: "",
  metaTitle: "",
  metaDescription: "",
  keywords: "",
  estimatedReadTime: "",
  noIndex: false,
};

export function postToForm(p: BlogPost): PostFormState {
  return {
    title: p.title,
    slug: p.slug,
    categoryId: p.categoryId == null ? "uncategorized" : String(p.categoryId),
    author: p.author,
    content: p.content,
    published: p.published,
    featuredImage: p.featuredImage ?? "",
    excerpt: p.excerpt ?? "",
    metaTitle: p.metaTitle ?? "",
    metaDescription: p.metaDescription ?? "",
    keywords: p.keywords ?? "",
    estimatedReadTime: p.estimatedReadTime == null ? "" : String(p.estimatedReadTime),
    noIndex: p.noIndex,
  };
}

/** Sets one field of the form. */
export type SetPostField = <K extends keyof PostFormState>(name: K, value: PostFormState[K]) => void;

const CONTENT_FIELDS = new Set(["title", "slug", "categoryId", "author", "content", "published"]);
/** The tab that shows a field, so a refused save opens the tab of its first error. */
export const tabOf = (field: string): "content" | "seo" => (CONTENT_FIELDS.has(field) ? "content" : "seo");
