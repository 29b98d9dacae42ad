import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { paginationWindow } from "@botox/core";
import { Button } from "../../components/ui/Button.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { cx } from "../../lib/cx.ts";

/** The clinic list's pages: the count, Previous, the page numbers (links), Next and "Go to page". */
export function ClinicPagination({
  totalItems,
  page,
  totalPages,
  hrefOf,
  onPage,
}: {
  totalItems: number;
  page: number;
  totalPages: number;
  /** The list's search string for a page, so each number is a real link. */
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-slate-600">
        {totalItems} clinics · Page {page} of {totalPages}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
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
                  to={{ search: hrefOf(item) }}
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
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        {totalPages > 1 ? <JumpToPage key={page} page={page} totalPages={totalPages} onJump={onPage} /> : null}
      </div>
    </nav>
  );
}

/** "Go to page" box: a number within 1..totalPages (anything else is brought into range). */
function JumpToPage({ page, totalPages, onJump }: { page: number; totalPages: number; onJump: (page: number) => void }) {
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
