import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG, formatUsDate, postStatusLabel, type BlogPost } from "@botox/core";
import { keys, useAdminPosts, useCategories } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { sessionExpired } from "../../lib/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";

/** Case-insensitive title search, done on the client (product.md §2.13). */
function filterPostsByTitle(posts: readonly BlogPost[], search: string): BlogPost[] {
  const needle = search.trim().toLowerCase();
  return needle ? posts.filter((p) => p.title.toLowerCase().includes(needle)) : [...posts];
}

export default function PostListPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<BlogPost | null>(null);
  const categories = useCategories();

  const posts = useAdminPosts();

  const remove = useMutation({
    mutationFn: (id: number) => api.send("DELETE", `/blog/posts/${id}`),
    onSuccess: async () => {
      setToDelete(null);
      toast({ title: MSG.admin.postDeleted });
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.posts }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
    },
    onError: (err) => {
      setToDelete(null);
      if (sessionExpired(err)) return;
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: MSG.admin.postDeleteError });
    },
  });

  const visible = useMemo(() => filterPostsByTitle(posts.data ?? [], search), [posts.data, search]);
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name;

  const columns: Column<BlogPost>[] = [
    {
      header: "Title",
      cell: (p) => (
        <>
          <span className="font-medium">{p.title}</span>
          <span className="block text-xs text-slate-500">/blog/{p.slug}</span>
        </>
      ),
    },
    { header: "Category", className: "hidden sm:table-cell", cell: (p) => p.category?.name ?? categoryName(p.categoryId) ?? "Uncategorized" },
    { header: "Status", cell: (p) => <Badge tone={p.published ? "green" : "slate"}>{postStatusLabel(p.published)}</Badge> },
    { header: "Updated", className: "hidden md:table-cell", cellClassName: "whitespace-nowrap", cell: (p) => formatUsDate(p.updatedAt) },
    {
      header: "Actions",
      actions: true,
      cell: (p) => (
        <>
          <Link
            to={`/blog/${p.id}`}
            className="mr-1 inline-flex h-8 items-center rounded-md px-2 text-brand-600 hover:underline"
            aria-label={`Edit ${p.title}`}
          >
            Edit
          </Link>
          <Button size="sm" variant="ghost" className="text-red-600" aria-label={`Delete ${p.title}`} onClick={() => setToDelete(p)}>
            Delete
          </Button>
        </>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Blog Posts</h1>
        <div className="flex gap-3">
          <Link to="/blog/categories" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">
            Categories
          </Link>
          <Link to="/blog/create" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            New Post
          </Link>
        </div>
      </div>
      <Input
        type="search"
        aria-label="Search posts by title"
        placeholder="Search posts by title..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-sm"
      />
      {posts.isPending ? (
        <Spinner label="Loading blog posts..." />
      ) : posts.isError ? (
        <Alert>{MSG.blog.fetchPosts}</Alert>
      ) : visible.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{MSG.blog.empty}</p>
      ) : (
        <DataTable columns={columns} rows={visible} rowKey={(p) => p.id} />
      )}
      <ConfirmDialog
        open={toDelete != null}
        title="Delete blog post?"
        description={`Are you sure you want to delete "${toDelete?.title ?? ""}"? This cannot be undone.`}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </div>
  );
}
