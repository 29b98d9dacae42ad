import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, UI, adminStatusLabel, formatPhone, paginationWindow, truncate, type Clinic } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { sessionExpired } from "../../lib/errors.ts";
import { Alert, Badge, Button, Input, Select, Spinner, cx, stickyActionsCell, stickyActionsHead } from "../../components/ui.tsx";

const PAGE_SIZE = 10;
/** The admin list filter's lower-case values (spec §4); the API accepts either case. */
const STATUS_FILTERS = [
  { value: "", label: "All statuses" },
  { value: "operational", label: "Open" },
  { value: "closed_temporarily", label: "Temp. Closed" },
  { value: "permanently_closed", label: "Closed" },
] as const;

const statusTone = (s: string) => {
  const label = adminStatusLabel(s);
  return label === "Open" ? "green" : label === "Temp. Closed" ? "amber" : "red";
};

/** Location column: city and state, cut to 30 characters (spec §2.13). */
export const clinicLocation = (c: Pick<Clinic, "city" | "state">) =>
  truncate([c.city, c.state].filter(Boolean).join(", "), UI.adminLocationMaxChars);
/** Address column: the full address, cut to 40 characters (spec §2.13). */
export const clinicAddress = (c: Pick<Clinic, "fullAddress" | "street">) =>
  truncate(c.fullAddress ?? c.street ?? "", UI.adminAddressMaxChars);

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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.clinics }),
        queryClient.invalidateQueries({ queryKey: keys.stats }),
      ]);
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
  const totalPages = pagination ? Math.max(1, pagination.totalPages || Math.ceil(pagination.totalItems / PAGE_SIZE)) : 1;
  // A delete can empty the last page: step back to the new last one.
  const beyondLastPage = !list.isPlaceholderData && pagination != null && pagination.totalItems > 0 && page > totalPages;
  useEffect(() => {
    if (beyondLastPage) update({ page: totalPages });
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Clinics</h1>
        <Link to="/clinics/create" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
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
        <Select
          aria-label="Business status"
          value={businessStatus}
          onChange={(e) => update({ businessStatus: e.target.value })}
          className="max-w-[12rem]"
        >
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
        <div className={cx("overflow-x-auto rounded-lg border border-slate-200 bg-white", list.isPlaceholderData && "opacity-60")}>
          {/* While another page or filter loads, the previous rows stay (dimmed) and the table is busy. */}
          <table aria-busy={list.isPlaceholderData} className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-4 py-3 font-medium">Name</th>
                <th className="px-4 py-3 font-medium">Location</th>
                <th className="hidden px-4 py-3 font-medium lg:table-cell">Address</th>
                <th className="hidden px-4 py-3 font-medium md:table-cell">Phone</th>
                <th className="px-4 py-3 font-medium">Status</th>
                <th className={cx("px-4 py-3 text-right font-medium", stickyActionsHead)}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.clinics.map((c) => (
                <tr key={c.id} className="border-t border-slate-100">
                  <td className="px-4 py-3 font-medium">{c.name}</td>
                  <td className="px-4 py-3" title={[c.city, c.state].filter(Boolean).join(", ")}>
                    {clinicLocation(c)}
                  </td>
                  <td className="hidden px-4 py-3 lg:table-cell" title={c.fullAddress ?? undefined}>
                    {clinicAddress(c)}
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">{formatPhone(c.phone)}</td>
                  <td className="px-4 py-3">
                    <Badge tone={statusTone(c.businessStatus)}>{adminStatusLabel(c.businessStatus)}</Badge>
                  </td>
                  <td className={cx("px-4 py-3 text-right whitespace-nowrap", stickyActionsCell)}>
                    <Link to={`/clinics/${c.id}`} className="mr-1 inline-flex h-8 items-center rounded-md px-2 text-brand-600 hover:underline" aria-label={`Edit ${c.name}`}>
                      Edit
                    </Link>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600"
                      aria-label={`Delete ${c.name}`}
                      onClick={() => {
                        setDeleteError(false);
                        setToDelete(c);
                      }}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pagination ? (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-slate-600">
            {pagination.totalItems} clinics · Page {page} of {totalPages}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
              Previous
            </Button>
            <ol className="flex flex-wrap items-center gap-1">
              {paginationWindow(page, totalPages).map((item, i) =>
                item === "ellipsis" ? (
                  <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
                    …
                  </li>
                ) : (
                  <li key={item}>
                    <Link
                      to={{ search: searchFor({ page: item }).toString() }}
                      aria-label={`Page ${item}`}
                      aria-current={item === page ? "page" : undefined}
                      className={cx(
                        "inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 font-medium",
                        item === page ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
                      )}
                    >
                      {item}
                    </Link>
                  </li>
                ),
              )}
            </ol>
            <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => update({ page: page + 1 })}>
              Next
            </Button>
            {totalPages > 1 ? <JumpToPage key={page} page={page} totalPages={totalPages} onJump={(p) => update({ page: p })} /> : null}
          </div>
        </nav>
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

/** "Go to page" box: a number within 1..totalPages (anything else is brought into range). */
export function JumpToPage({ page, totalPages, onJump }: { page: number; totalPages: number; onJump: (page: number) => void }) {
  const [value, setValue] = useState(String(page));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = Math.trunc(Number(value));
    if (!Number.isFinite(wanted) || value.trim() === "") return;
    const target = Math.min(Math.max(1, wanted), totalPages);
    setValue(String(target));
    if (target !== page) onJump(target);
  };
  return (
    // noValidate: an out-of-range number is brought into range rather than refused.
    <form noValidate onSubmit={onSubmit} className="flex items-center gap-2">
      <label htmlFor="clinic-page-jump" className="text-slate-600">
        Go to page
      </label>
      <Input
        id="clinic-page-jump"
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="h-8 w-20 py-1"
      />
      <Button type="submit" variant="outline" size="sm">
        Go
      </Button>
    </form>
  );
}
