import { POST_FORM, estimateReadTime } from "@botox/core";
import { Switch } from "../../../components/ui/Switch.tsx";
import { TextField, TextareaField } from "../../../components/FormFields.tsx";
import { FeaturedImageField } from "./FeaturedImageField.tsx";
import { KeywordSuggestions } from "./KeywordSuggestions.tsx";
import { SearchPreview } from "./SearchPreview.tsx";
import { SeoScorePanel } from "./SeoScorePanel.tsx";
import type { PostFormState, SetPostField } from "./post-form.ts";

/** The post form's SEO tab: image, excerpt, meta fields, keywords, read time, noindex, with the preview and score beside them. */
export function SeoTab({ values, errors, set }: { values: PostFormState; errors: Record<string, string | undefined>; set: SetPostField }) {
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <div className="space-y-5 xl:col-span-2">
        <FeaturedImageField value={values.featuredImage} onChange={(url) => set("featuredImage", url)} error={errors.featuredImage} />
        <TextareaField
          label="Excerpt"
          hint="Left empty, the first 150 characters of the content are used."
          error={errors.excerpt}
          name="excerpt"
          rows={3}
          value={values.excerpt}
          onValue={(v) => set("excerpt", v)}
        />
        <TextField
          label="Meta Title"
          hint={`Left empty, the title is used. Aim for ${POST_FORM.titleTarget.min}-${POST_FORM.titleTarget.max} characters (${(values.metaTitle || values.title).length} now).`}
          error={errors.metaTitle}
          name="metaTitle"
          value={values.metaTitle}
          onValue={(v) => set("metaTitle", v)}
        />
        <TextareaField
          label="Meta Description"
          hint={`Recommended ${POST_FORM.metaDescriptionRecommended.min}-${POST_FORM.metaDescriptionRecommended.max} characters, at most ${POST_FORM.metaDescriptionMax} (${values.metaDescription.length} now).`}
          error={errors.metaDescription}
          name="metaDescription"
          rows={3}
          value={values.metaDescription}
          onValue={(v) => set("metaDescription", v)}
        />
        <TextField
          label="Keywords"
          placeholder="botox, wrinkles, cosmetic treatment"
          hint="Comma-separated; 3-8 work best."
          error={errors.keywords}
          name="keywords"
          value={values.keywords}
          onValue={(v) => set("keywords", v)}
        />
        <KeywordSuggestions title={values.title} content={values.content} onApply={(k) => set("keywords", k)} />
        <TextField
          label="Estimated Read Time (minutes)"
          hint="Left empty, it is computed at 225 words per minute."
          error={errors.estimatedReadTime}
          name="estimatedReadTime"
          type="number"
          min={1}
          placeholder={String(estimateReadTime(values.content))}
          value={values.estimatedReadTime}
          onValue={(v) => set("estimatedReadTime", v)}
        />
        <Switch label="No Index" checked={values.noIndex} onCheckedChange={(v) => set("noIndex", v)} />
      </div>
      <div className="space-y-5">
        <SearchPreview {...values} />
        <SeoScorePanel {...values} />
      </div>
    </div>
  );
}
