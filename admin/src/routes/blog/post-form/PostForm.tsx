import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG, blogPostInputSchema, fieldErrors, fillPostGaps, toPostSlug } from "@botox/core";
import { keys } from "../../../api/queries.ts";
import { useApi } from "../../../api/session.tsx";
import { followSlug } from "../../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../../lib/drafts.ts";
import { sessionExpired, writeRefusalOf } from "../../../lib/errors.ts";
import { useToast } from "../../../components/toast.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../../../components/ui/Tabs.tsx";
import { ContentTab } from "./ContentTab.tsx";
import { SeoTab } from "./SeoTab.tsx";
import { tabOf, type PostFormState, type SetPostField } from "./post-form.ts";

/** The post's two tabs (create or edit), its draft kept while typing; a save goes back to the list. */
export function PostForm({ postId, initial }: { postId?: number; initial: PostFormState }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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

  const set: SetPostField = (name, value) => {
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
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.posts }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
      void navigate("/blog");
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      // The API's reason (a taken slug, a field it refused) shows at its field and in the toast.
      const refusal = writeRefusalOf(err, editing ? MSG.admin.postUpdateError : MSG.admin.postCreateError);
      setServerErrors(refusal.fields);
      const first = Object.keys(refusal.fields)[0];
      if (first) setTab(tabOf(first));
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: refusal.message });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    const first = Object.keys(clientErrors)[0];
    if (first) {
      setTab(tabOf(first));
      return;
    }
    save.mutate();
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <h1 className="text-2xl font-bold">{editing ? "Edit Blog Post" : MSG.admin.createPostTitle}</h1>
      <Tabs value={tab} onChange={setTab}>
        <TabList label="Post sections">
          <Tab value="content">Content</Tab>
          <Tab value="seo">SEO</Tab>
        </TabList>

        <TabPanel value="content">
          <ContentTab values={values} errors={errors} set={set} />
        </TabPanel>

        <TabPanel value="seo">
          <SeoTab values={values} errors={errors} set={set} />
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
