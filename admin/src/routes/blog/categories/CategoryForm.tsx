import type { FormEvent } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";

export interface CategoryFormState {
  editingId: number | null;
  name: string;
  slug: string;
}

/** The create/edit card beside the category table: name, slug, save and (when editing) cancel. */
export function CategoryForm({
  form,
  errors,
  saving,
  onName,
  onSlug,
  onSubmit,
  onCancel,
}: {
  form: CategoryFormState;
  errors: Record<string, string>;
  saving: boolean;
  onName: (name: string) => void;
  onSlug: (slug: string) => void;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const editing = form.editingId != null;
  return (
    <Card
      title={editing ? "Edit Category" : "Create Category"}
      description={editing ? "Edit the details of an existing category" : "Add a new category for blog posts"}
    >
      <form noValidate aria-label={editing ? "Edit Category" : "Create Category"} onSubmit={onSubmit} className="space-y-4">
        <Field label="Category Name" error={errors.name}>
          {(p) => <Input {...p} name="name" placeholder="e.g. Botox Treatments" value={form.name} onChange={(e) => onName(e.target.value)} />}
        </Field>
        <Field label="Slug" hint="This will be used in the URL." error={errors.slug}>
          {(p) => <Input {...p} name="slug" placeholder="e.g. botox-treatments" value={form.slug} onChange={(e) => onSlug(e.target.value)} />}
        </Field>
        <div className="flex gap-3">
          <Button type="submit" disabled={saving}>
            {editing ? "Update Category" : "Create Category"}
          </Button>
          {editing ? (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
