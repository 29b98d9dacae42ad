import { Component, lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BRAND,
  MSG,
  POST_FORM,
  blogPostInputSchema,
  estimateReadTime,
  fieldErrors,
  fillPostGaps,
  toPostSlug,
  type BlogPost,
} from "@botox/core";
import { keys, useCategories } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { sessionExpired, statusOf, writeRefusalOf } from "../../lib/errors.ts";
import { useToast } from "../../components/toast.tsx";
import { Alert, Button, Field, Input, Select, Spinner, Switch, Tab, TabList, TabPanel, Tabs, Textarea } from "../../components/ui.tsx";
import { FeaturedImageField } from "./post-form/FeaturedImageField.tsx";
import { KeywordSuggestions } from "./post-form/KeywordSuggestions.tsx";
import { SearchPreview } from "./post-form/SearchPreview.tsx";
import { SeoScorePanel } from "./post-form/SeoScorePanel.tsx";

// The editor (TipTap and ProseMirror) is its own chunk, fetched when a post form opens.
const RichTextEditor = lazy(() => import("./post-form/RichTextEditor.tsx"));

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
type TextField = Exclude<keyof PostFormState, "published" | "noIndex">;

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

const CONTENT_FIELDS = new Set(["title", "slug", "categoryId", "author", "content", "published"]);

export default function PostFormPage() {
  const { id } = useParams();
  const api = useApi();
  const post = useQuery({
    queryKey: keys.post(id ?? "new"),
    queryFn: () => api.get(`/blog/posts/${encodeURIComponent(id ?? "")}`),
    enabled: id != null,
  });

  if (id == null) return <PostForm key="create" initial={emptyPostForm} />;
  if (post.isPending) return <Spinner label={MSG.admin.loadingPost} />;
  if (post.isError) {
    if (statusOf(post.error) === 404) {
      return (
        <div className="space-y-3 py-10 text-center">
          <h1 className="text-2xl font-bold">{MSG.admin.postNotFoundTitle}</h1>
          <p className="text-slate-600">{MSG.admin.postNotFound}</p>
          <Link to="/blog" className="inline-block text-brand-600 underline">
            Back to Blog Posts
          </Link>
        </div>
      );
    }
    return (
      <div className="space-y-3 py-10 text-center">
        <Alert>{MSG.blog.fetchPost}</Alert>
        <Link to="/blog" className="inline-block text-brand-600 underline">
          Back to Blog Posts
        </Link>
      </div>
    );
  }
  return <PostForm key={id} postId={post.data.id} initial={postToForm(post.data)} />;
}

function PostForm({ postId, initial }: { postId?: number; initial: PostFormState }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const editing = postId != null;
  const draftKey = `post:${postId ?? "create"}`;
  const [values, setValues] = useState<PostFormState>(() => ({ ...initial, ...readDraft<PostFormState>(draftKey) }));
  const [tab, setTab] = useState("content");
  // Validation runs on submit, then on every change.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useDraft(draftKey, values);

  const parsed = blogPostInputSchema.safeParse(values);
  const clientErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const errors: Record<string, string | undefined> = { ...(submitted ? clientErrors : {}), ...serverErrors };

  const set = <K extends keyof PostFormState>(name: K, value: PostFormState[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (!editing && name === "title") next.slug = followSlug(prev.title, String(value), prev.slug, toPostSlug);
      return next;
    });
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () => {
      const data = blogPostInputSchema.parse(values);
      const filled = fillPostGaps(data);
      const body = { ...filled, estimatedReadTime: Number(filled.estimatedReadTime) };
      return editing ? api.send("PATCH", `/blog/posts/${postId}`, body) : api.send("POST", "/blog/posts", body);
    },
    onSuccess: async () => {
      toast(
        editing
          ? { title: MSG.admin.postUpdatedTitle, description: MSG.admin.postUpdated }
          : { title: MSG.admin.postCreatedTitle, description: MSG.admin.postCreated },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.posts }),
        queryClient.invalidateQueries({ queryKey: keys.stats }),
      ]);
      navigate("/blog");
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      // The API's reason (a taken slug, a field it refused) shows at its field and in the toast.
      const refusal = writeRefusalOf(err, editing ? MSG.admin.postUpdateError : MSG.admin.postCreateError);
      setServerErrors(refusal.fields);
      const first = Object.keys(refusal.fields)[0];
      if (first) setTab(CONTENT_FIELDS.has(first) ? "content" : "seo");
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: refusal.message });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    const first = Object.keys(clientErrors)[0];
    if (first) {
      setTab(CONTENT_FIELDS.has(first) ? "content" : "seo");
      return;
    }
    save.mutate();
  };

  const text = (name: TextField, label: string, opts: { hint?: string; placeholder?: string } = {}) => (
    <Field label={label} hint={opts.hint} error={errors[name]}>
      {(p) => <Input {...p} name={name} placeholder={opts.placeholder} value={values[name]} onChange={(e) => set(name, e.target.value)} />}
    </Field>
  );

  const cats = categories.data ?? [];
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <h1 className="text-2xl font-bold">{editing ? "Edit Blog Post" : MSG.admin.createPostTitle}</h1>
      <Tabs value={tab} onChange={setTab}>
        <TabList label="Post sections">
          <Tab value="content">Content</Tab>
          <Tab value="seo">SEO</Tab>
        </TabList>

        <TabPanel value="content">
          {text("title", "Title", { placeholder: "Enter post title" })}
          {text("slug", "Slug", { placeholder: "post-url-slug", hint: "The post's address: /blog/{slug}" })}
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
            {text("author", "Author")}
          </div>
          <ContentField value={values.content} onChange={(html) => set("content", html)} error={errors.content} />
          <Switch label="Publish Post" checked={values.published} onCheckedChange={(v) => set("published", v)} />
        </TabPanel>

        <TabPanel value="seo">
          <div className="grid gap-6 xl:grid-cols-3">
            <div className="space-y-5 xl:col-span-2">
              <FeaturedImageField value={values.featuredImage} onChange={(url) => set("featuredImage", url)} error={errors.featuredImage} />
              <Field label="Excerpt" hint="Left empty, the first 150 characters of the content are used." error={errors.excerpt}>
                {(p) => <Textarea {...p} name="excerpt" rows={3} value={values.excerpt} onChange={(e) => set("excerpt", e.target.value)} />}
              </Field>
              {text("metaTitle", "Meta Title", { hint: `Left empty, the title is used. Aim for ${POST_FORM.titleTarget.min}-${POST_FORM.titleTarget.max} characters (${(values.metaTitle || values.title).length} now).` })}
              <Field
                label="Meta Description"
                hint={`Recommended ${POST_FORM.metaDescriptionRecommended.min}-${POST_FORM.metaDescriptionRecommended.max} characters, at most ${POST_FORM.metaDescriptionMax} (${values.metaDescription.length} now).`}
                error={errors.metaDescription}
              >
                {(p) => (
                  <Textarea {...p} name="metaDescription" rows={3} value={values.metaDescription} onChange={(e) => set("metaDescription", e.target.value)} />
                )}
              </Field>
              {text("keywords", "Keywords", { placeholder: "botox, wrinkles, cosmetic treatment", hint: "Comma-separated; 3-8 work best." })}
              <KeywordSuggestions title={values.title} content={values.content} onApply={(k) => set("keywords", k)} />
              <Field label="Estimated Read Time (minutes)" hint="Left empty, it is computed at 225 words per minute." error={errors.estimatedReadTime}>
                {(p) => (
                  <Input
                    {...p}
                    name="estimatedReadTime"
                    type="number"
                    min={1}
                    placeholder={String(estimateReadTime(values.content))}
                    value={values.estimatedReadTime}
                    onChange={(e) => set("estimatedReadTime", e.target.value)}
                  />
                )}
              </Field>
              <Switch label="No Index" checked={values.noIndex} onCheckedChange={(v) => set("noIndex", v)} />
            </div>
            <div className="space-y-5">
              <SearchPreview {...values} />
              <SeoScorePanel {...values} />
            </div>
          </div>
        </TabPanel>
      </Tabs>

      <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={() => navigate("/blog")}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : editing ? "Update Post" : "Create Post"}
        </Button>
      </div>
    </form>
  );
}

/** The "Content" label, the editor (visual or HTML source), its hint and error. */
function ContentField({ value, onChange, error }: { value: string; onChange: (html: string) => void; error?: string | undefined }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Content
      </p>
      <EditorFailed
        fallback={
          <div className="space-y-2">
            <Alert>The visual editor could not load. Edit the post&apos;s HTML here, or reload the page to try again.</Alert>
            <Textarea
              aria-labelledby={`${id}-label`}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              invalid={Boolean(error)}
              name="content"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              style={{ minHeight: POST_FORM.contentMinHeightPx }}
              className="font-mono"
            />
          </div>
        }
      >
        <Suspense fallback={<Spinner label="Loading editor..." />}>
          <RichTextEditor
            value={value}
            onChange={onChange}
            labelId={`${id}-label`}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            invalid={Boolean(error)}
          />
        </Suspense>
      </EditorFailed>
      <p id={hintId} className="text-xs text-slate-500">
        Headings, lists, links and images; the HTML button shows the source. Saved HTML is cleaned by the server.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * When the editor's chunk fails to load (a deploy replaced it, the network dropped), the
 * post stays editable as HTML instead of the whole screen failing.
 */
class EditorFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
