import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG, categoryInputSchema, fieldErrors, toCategorySlug, type BlogCategory } from "@botox/core";
import { keys, useCategories } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { sessionExpired, writeRefusalOf } from "../../lib/errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { Alert, Badge, Button, Card, Field, Input, cx, stickyActionsCell, stickyActionsHead } from "../../components/ui.tsx";

interface CategoryFormState {
  editingId: number | null;
  name: string;
  slug: string;
}
const emptyForm: CategoryFormState = { editingId: null, name: "", slug: "" };
const DRAFT_KEY = "category";

function validate(v: CategoryFormState): Record<string, string> {
  const parsed = categoryInputSchema.safeParse({ name: v.name, slug: v.slug });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** Spec §2.13 Blog Categories: table on the left, create/edit card on the right. */
export default function CategoriesPage() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [form, setForm] = useState<CategoryFormState>(() => readDraft<CategoryFormState>(DRAFT_KEY) ?? emptyForm);
  // Spec §5: validation runs on submit, then on every change.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [toDelete, setToDelete] = useState<BlogCategory | null>(null);
  useDraft(DRAFT_KEY, form);

  const editing = form.editingId != null;
  const errors = submitted ? { ...validate(form), ...serverErrors } : serverErrors;

  const reset = () => {
    setForm(emptyForm);
    setSubmitted(false);
    setServerErrors({});
  };
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.categories }),
      queryClient.invalidateQueries({ queryKey: keys.posts }),
    ]);

  const save = useMutation({
    mutationFn: (v: CategoryFormState) => {
      const body = { name: v.name.trim(), slug: v.slug.trim() };
      return v.editingId != null ? api.send("PATCH", `/blog/categories/${v.editingId}`, body) : api.send("POST", "/blog/categories", body);
    },
    onSuccess: async (_data, v) => {
      toast(
        v.editingId != null
          ? { title: MSG.admin.categoryUpdatedTitle, description: MSG.admin.categoryUpdated }
          : { title: MSG.admin.categoryCreatedTitle, description: MSG.admin.categoryCreated },
      );
      reset();
      await refetch();
    },
    onError: (err) => {
      if (sessionExpired(err)) return;
      const refusal = writeRefusalOf(err, MSG.admin.categorySaveError);
      setServerErrors(refusal.fields);
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: refusal.message });
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.send("DELETE", `/blog/categories/${id}`),
    onSuccess: async (_data, id) => {
      setToDelete(null);
      if (form.editingId === id) reset();
      toast({ title: MSG.admin.categoryDeletedTitle, description: MSG.admin.categoryDeleted });
      await refetch();
    },
    onError: (err) => {
      setToDelete(null);
      if (sessionExpired(err)) return;
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: MSG.admin.categoryDeleteError });
    },
  });

  // 'Back to Posts' goes back in history (spec §2.13); opened directly, there is no in-app page
  // to go back to (the first entry's key is "default"), so it goes to the post list.
  const back = () => (location.key === "default" ? navigate("/blog") : navigate(-1));

  const onName = (name: string) => {
    setServerErrors({});
    setForm((f) => ({
      ...f,
      name,
      // Create mode only, while the admin has not written a slug of their own (spec §4).
      slug: f.editingId == null ? followSlug(f.name, name, f.slug, toCategorySlug) : f.slug,
    }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(validate(form)).length > 0) return;
    save.mutate(form);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Blog Categories</h1>
        <Button variant="outline" onClick={back}>
          Back to Posts
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th className="px-4 py-3 font-medium">Name</th>
                  <th className="px-4 py-3 font-medium">Slug</th>
                  <th className={cx("px-4 py-3 text-right font-medium", stickyActionsHead)}>Actions</th>
                </tr>
              </thead>
              <tbody>
                {categories.isPending ? (
                  <tr>
                    <td colSpan={3} className="px-4 py-10 text-center text-slate-500">
                      {MSG.admin.loadingCategories}
                    </td>
                  </tr>
                ) : categories.isError ? (
                  <tr>
                    <td colSpan={3} className="px-4 py-6">
                      <Alert>{MSG.blog.fetchCategories}</Alert>
                    </td>
                  </tr>
                ) : categories.data.length === 0 ? (
                  <tr>
                    <td colSpan={3} className="px-4 py-10 text-center">
                      <p className="font-medium">{MSG.admin.noCategories}</p>
                      <p className="mt-1 text-slate-500">{MSG.admin.noCategoriesHint}</p>
                    </td>
                  </tr>
                ) : (
                  categories.data.map((c) => (
                    <tr key={c.id} className="border-t border-slate-100">
                      <td className="px-4 py-3 font-medium">{c.name}</td>
                      <td className="px-4 py-3">
                        <Badge>{c.slug}</Badge>
                      </td>
                      <td className={cx("px-4 py-3 text-right whitespace-nowrap", stickyActionsCell)}>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Edit ${c.name}`}
                          onClick={() => {
                            setForm({ editingId: c.id, name: c.name, slug: c.slug });
                            setSubmitted(false);
                            setServerErrors({});
                          }}
                        >
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" className="text-red-600" aria-label={`Delete ${c.name}`} onClick={() => setToDelete(c)}>
                          Delete
                        </Button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
        <Card
          title={editing ? "Edit Category" : "Create Category"}
          description={editing ? "Edit the details of an existing category" : "Add a new category for blog posts"}
        >
          <form noValidate aria-label={editing ? "Edit Category" : "Create Category"} onSubmit={onSubmit} className="space-y-4">
            <Field label="Category Name" error={errors.name}>
              {(p) => <Input {...p} name="name" placeholder="e.g. Botox Treatments" value={form.name} onChange={(e) => onName(e.target.value)} />}
            </Field>
            <Field label="Slug" hint="This will be used in the URL." error={errors.slug}>
              {(p) => (
                <Input
                  {...p}
                  name="slug"
                  placeholder="e.g. botox-treatments"
                  value={form.slug}
                  onChange={(e) => {
                    const slug = e.target.value;
                    setServerErrors({});
                    setForm((f) => ({ ...f, slug }));
                  }}
                />
              )}
            </Field>
            <div className="flex gap-3">
              <Button type="submit" disabled={save.isPending}>
                {editing ? "Update Category" : "Create Category"}
              </Button>
              {editing ? (
                <Button variant="outline" onClick={reset}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
      </div>
      <ConfirmDialog
        open={toDelete != null}
        title="Delete category?"
        description={MSG.admin.categoryDeleteConfirm}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </div>
  );
}
