import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG, categoryInputSchema, fieldErrors, toCategorySlug, type BlogCategory } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { followSlug } from "../../lib/auto-slug.ts";
import { readDraft, useDraft } from "../../lib/drafts.ts";
import { sessionExpired, writeRefusalOf } from "../../lib/errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { CategoryForm, type CategoryFormState } from "./categories/CategoryForm.tsx";
import { CategoryTable } from "./categories/CategoryTable.tsx";

const emptyForm: CategoryFormState = { editingId: null, name: "", slug: "" };
const DRAFT_KEY = "category";

function validate(v: CategoryFormState): Record<string, string> {
  const parsed = categoryInputSchema.safeParse({ name: v.name, slug: v.slug });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** product.md §2.13 Blog Categories: table on the left, create/edit card on the right. */
export default function CategoriesPage() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CategoryFormState>(() => readDraft<CategoryFormState>(DRAFT_KEY) ?? emptyForm);
  // product.md §5: validation runs on submit, then on every change.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [toDelete, setToDelete] = useState<BlogCategory | null>(null);
  useDraft(DRAFT_KEY, form);

  const errors = submitted ? { ...validate(form), ...serverErrors } : serverErrors;

  const reset = () => {
    setForm(emptyForm);
    setSubmitted(false);
    setServerErrors({});
  };
  const refetch = () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.categories }), queryClient.invalidateQueries({ queryKey: keys.posts })]);

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

  // 'Back to Posts' goes back in history (product.md §2.13); opened directly, there is no in-app page
  // to go back to (the first entry's key is "default"), so it goes to the post list.
  const back = () => (location.key === "default" ? navigate("/blog") : navigate(-1));

  const onName = (name: string) => {
    setServerErrors({});
    setForm((f) => ({
      ...f,
      name,
      // Create mode only, while the admin has not written a slug of their own (product.md §4).
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
          <CategoryTable
            onEdit={(c) => {
              setForm({ editingId: c.id, name: c.name, slug: c.slug });
              setSubmitted(false);
              setServerErrors({});
            }}
            onDelete={setToDelete}
          />
        </div>
        <CategoryForm
          form={form}
          errors={errors}
          saving={save.isPending}
          onName={onName}
          onSlug={(slug) => {
            setServerErrors({});
            setForm((f) => ({ ...f, slug }));
          }}
          onSubmit={onSubmit}
          onCancel={reset}
        />
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
