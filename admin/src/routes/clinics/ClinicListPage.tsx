import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, adminStatusLabel, totalPages as pagesFor, type Clinic } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { sessionExpired } from "../../lib/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ClinicPagination } from "./ClinicPagination.tsx";
import { ClinicTable } from "./ClinicTable.tsx";
import { listReturnState } from "./list-return.ts";

const PAGE_SIZE = 10;
/** The admin list filter's lower-case values (product.md §4); the API accepts either case. */
const STATUS_FILTERS = [
  { value: "", label: "All statuses" },
  { value: "operational", label: adminStatusLabel("operational") },
  { value: "closed_temporarily", label: adminStatusLabel("closed_temporarily") },
  { value: "permanently_closed", label: adminStatusLabel("permanently_closed") },
] as const;

export default function ClinicListPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = params.get("query") ?? "";
  const businessStatus = params.get("businessStatus") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [draftQuery, setDraftQuery] = useState(query);
  // The search box follows the URL when it changes underneath (back/forward, a sidebar click).
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraftQuery(query);
  }
  const [toDelete, setToDelete] = useState<Clinic | null>(null);
  const [deleteError, setDeleteError] = useState(false);

  const list = useQuery({
    queryKey: [...keys.clinics, "list", { query, businessStatus, page }],
    queryFn: () =>
      api.get("/clinics", {
        page,
        limit: PAGE_SIZE,
        query: query || null,
        businessStatus: businessStatus || null,
      }),
    placeholderData: keepPreviousData,
  });

  /** The list's URL search for a query, status and page (page 1 is left out). */
  const searchFor = (next: { query?: string; businessStatus?: string; page?: number }) => {
    const merged = { query, businessStatus, page: 1, ...next };
    const sp = new URLSearchParams();
    if (merged.query) sp.set("query", merged.query);
    if (merged.businessStatus) sp.set("businessStatus", merged.businessStatus);
    if (merged.page > 1) sp.set("page", String(merged.page));
    return sp;
  };
  const update = (next: { query?: string; businessStatus?: string; page?: number }) => setParams(searchFor(next));

  const remove = useMutation({
    mutationFn: (id: number) => api.send("DELETE", `/clinics/${id}`),
    onSuccess: async () => {
      setToDelete(null);
      toast({ title: "Clinic deleted" });
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.clinics }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
    },
    onError: (err) => {
      setToDelete(null);
      if (!sessionExpired(err)) setDeleteError(true);
    },
  });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ query: draftQuery.trim() });
  };

  const pagination = list.data?.pagination;
  const totalPages = pagination ? Math.max(1, pagination.totalPages || pagesFor(pagination.totalItems, PAGE_SIZE)) : 1;
  // A delete can empty the last page: step back to the new last one.
  const beyondLastPage = !list.isPlaceholderData && pagination != null && pagination.totalItems > 0 && page > totalPages;
  useEffect(() => {
    if (beyondLastPage) update({ page: totalPages });
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Clinics</h1>
        <Link
          to="/clinics/create"
          state={listReturnState(params.size ? `?${params.toString()}` : "")}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Add Clinic
        </Link>
      </div>

      <form role="search" onSubmit={onSearch} className="flex flex-wrap gap-3">
        <Input
          aria-label="Search clinics"
          placeholder="Search by name, city or address"
          value={draftQuery}
          onChange={(e) => setDraftQuery(e.target.value)}
          className="max-w-xs"
        />
        <Select aria-label="Business status" value={businessStatus} onChange={(e) => update({ businessStatus: e.target.value })} className="max-w-[12rem]">
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>

      {deleteError ? (
        <div className="flex items-start gap-3">
          <Alert>{MSG.admin.deleteClinic}</Alert>
          <Button variant="ghost" size="sm" onClick={() => setDeleteError(false)} aria-label="Dismiss">
            ×
          </Button>
        </div>
      ) : null}

      {list.isPending ? (
        <Spinner label="Loading clinics..." />
      ) : list.isError ? (
        <Alert>{MSG.admin.loadClinics}</Alert>
      ) : list.data.clinics.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">No clinics found.</p>
      ) : (
        // While another page or filter loads, the previous rows stay (dimmed) and the table is busy.
        <ClinicTable
          clinics={list.data.clinics}
          busy={list.isPlaceholderData}
          onDelete={(c) => {
            setDeleteError(false);
            setToDelete(c);
          }}
        />
      )}

      {pagination ? (
        <ClinicPagination
          totalItems={pagination.totalItems}
          page={page}
          totalPages={totalPages}
          hrefOf={(p) => searchFor({ page: p }).toString()}
          onPage={(p) => update({ page: p })}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete != null}
        title="Delete clinic?"
        description={`Are you sure you want to delete ${toDelete?.name ?? "this clinic"}? This cannot be undone.`}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </div>
  );
}
