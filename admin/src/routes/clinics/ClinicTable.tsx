import { Link, useLocation } from "react-router-dom";
import { UI, adminStatusLabel, formatPhone, truncate, type Clinic } from "@botox/core";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { clinicStatusTone } from "../../lib/status-tone.ts";
import { listReturnState } from "./list-return.ts";

/**
 * Location column: city and state, cut to 30 characters (product.md §2.13).
 * @internal Exported for its tests.
 */
export const clinicLocation = (c: Pick<Clinic, "city" | "state">) => truncate([c.city, c.state].filter(Boolean).join(", "), UI.adminLocationMaxChars);
/**
 * Address column: the full address, cut to 40 characters (product.md §2.13).
 * @internal Exported for its tests.
 */
export const clinicAddress = (c: Pick<Clinic, "fullAddress" | "street">) => truncate(c.fullAddress ?? c.street ?? "", UI.adminAddressMaxChars);

/** The clinic list's table; address and phone give way on small screens, Actions stay pinned. */
export function ClinicTable({ clinics, busy, onDelete }: { clinics: readonly Clinic[]; busy: boolean; onDelete: (clinic: Clinic) => void }) {
  const { search } = useLocation();
  const columns: Column<Clinic>[] = [
    { header: "Name", cell: (c) => c.name, cellClassName: "font-medium" },
    { header: "Location", title: (c) => [c.city, c.state].filter(Boolean).join(", "), cell: clinicLocation },
    { header: "Address", className: "hidden lg:table-cell", title: (c) => c.fullAddress ?? undefined, cell: clinicAddress },
    { header: "Phone", className: "hidden md:table-cell", cellClassName: "whitespace-nowrap", cell: (c) => formatPhone(c.phone) },
    { header: "Status", cell: (c) => <Badge tone={clinicStatusTone(c.businessStatus)}>{adminStatusLabel(c.businessStatus)}</Badge> },
    {
      header: "Actions",
      actions: true,
      cell: (c) => (
        <>
          <Link
            to={`/clinics/${c.id}`}
            state={listReturnState(search)}
            className="mr-1 inline-flex h-8 items-center rounded-md px-2 text-brand-600 hover:underline"
            aria-label={`Edit ${c.name}`}
          >
            Edit
          </Link>
          <Button size="sm" variant="ghost" className="text-red-600" aria-label={`Delete ${c.name}`} onClick={() => onDelete(c)}>
            Delete
          </Button>
        </>
      ),
    },
  ];
  return <DataTable columns={columns} rows={clinics} rowKey={(c) => c.id} busy={busy} />;
}
