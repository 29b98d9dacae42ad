import { useCategories } from "../../../api/queries.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Switch } from "../../../components/ui/Switch.tsx";
import { TextField } from "../../../components/FormFields.tsx";
import { ContentField } from "./ContentField.tsx";
import type { PostFormState, SetPostField } from "./post-form.ts";

/** The post form's Content tab: title, slug, category, author, the body and "Publish Post". */
export function ContentTab({ values, errors, set }: { values: PostFormState; errors: Record<string, string | undefined>; set: SetPostField }) {
  const categories = useCategories();
  const cats = categories.data ?? [];
  return (
    <>
      <TextField label="Title" placeholder="Enter post title" error={errors.title} name="title" value={values.title} onValue={(v) => set("title", v)} />
      <TextField
        label="Slug"
        placeholder="post-url-slug"
        hint="The post's address: /blog/{slug}"
        error={errors.slug}
        name="slug"
        value={values.slug}
        onValue={(v) => set("slug", v)}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Category" error={errors.categoryId}>
          {(p) => (
            <Select {...p} name="categoryId" value={values.categoryId} onChange={(e) => set("categoryId", e.target.value)}>
              <option value="uncategorized">Uncategorized</option>
              {cats.length === 0 ? (
                <option value="no-categories" disabled>
                  No categories available
                </option>
              ) : (
                cats.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))
              )}
            </Select>
          )}
        </Field>
        <TextField label="Author" error={errors.author} name="author" value={values.author} onValue={(v) => set("author", v)} />
      </div>
      <ContentField value={values.content} onChange={(html) => set("content", html)} error={errors.content} />
      <Switch label="Publish Post" checked={values.published} onCheckedChange={(v) => set("published", v)} />
    </>
  );
}
