import { metaDescriptionForDisplay } from "@botox/core";
import { env } from "../../../env.ts";

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 3)}...` : s);

/** A Google-style search result: title, URL, description as the post would appear. */
export function SearchPreview(props: {
  title: string;
  metaTitle: string;
  slug: string;
  content: string;
  excerpt: string;
  metaDescription: string;
  noIndex: boolean;
}) {
  const title = props.metaTitle.trim() || props.title.trim() || "Post title";
  const description = metaDescriptionForDisplay(props) || "The meta description of the post shows here.";
  const host = env.siteUrl.replace(/^https?:\/\//, "");
  return (
    <section aria-label="Search result preview" className="rounded-lg border border-slate-200 bg-white p-4 font-sans">
      <p className="text-xs font-medium text-slate-500">Search result preview</p>
      <p className="mt-2 truncate text-sm text-slate-700">
        {host} › blog › {props.slug || "post-slug"}
      </p>
      <p className="truncate text-xl text-[#1a0dab]">{cut(title, 60)}</p>
      <p className="text-sm text-slate-600">{cut(description, 160)}</p>
      {props.noIndex ? <p className="mt-2 text-xs font-medium text-amber-700">No Index is on: search engines will not show this post.</p> : null}
    </section>
  );
}
