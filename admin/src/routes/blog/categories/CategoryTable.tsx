import { MSG, type BlogCategory } from "@botox/core";
import { useCategories } from "../../../api/queries.ts";
import { DataTable, type Column } from "../../../components/DataTable.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";

/** The categories, with loading, failure and "none yet" shown inside the table (product.md §2.13). */
export function CategoryTable({ onEdit, onDelete }: { onEdit: (category: BlogCategory) => void; onDelete: (category: BlogCategory) => void }) {
  const categories = useCategories();
  const columns: Column<BlogCategory>[] = [
    { header: "Name", cell: (c) => c.name, cellClassName: "font-medium" },
    { header: "Slug", cell: (c) => <Badge>{c.slug}</Badge> },
    {
      header: "Actions",
      actions: true,
      cell: (c) => (
        <>
          <Button size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => onEdit(c)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" className="text-red-600" aria-label={`Delete ${c.name}`} onClick={() => onDelete(c)}>
            Delete
          </Button>
        </>
      ),
    },
  ];
  const state = categories.isPending
    ? { message: MSG.admin.loadingCategories, className: "px-4 py-10 text-center text-slate-500" }
    : categories.isError
      ? { message: <Alert>{MSG.blog.fetchCategories}</Alert>, className: "px-4 py-6" }
      : categories.data.length === 0
        ? {
            message: (
              <>
                <p className="font-medium">{MSG.admin.noCategories}</p>
                <p className="mt-1 text-slate-500">{MSG.admin.noCategoriesHint}</p>
              </>
            ),
            className: "px-4 py-10 text-center",
          }
        : null;
  return <DataTable columns={columns} rows={categories.data ?? []} rowKey={(c) => c.id} message={state?.message} messageClassName={state?.className} />;
}
