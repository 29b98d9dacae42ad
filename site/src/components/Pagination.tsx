import { paginationWindow } from "@botox/core/pagination";

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Previous, numbers (first, last, neighbours, ellipses) and Next (product.md §2.5). */
export function Pagination({ page, totalPages, onChange, label = "Pagination" }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      {paginationWindow(page, totalPages).map((item, i) =>
        item === "ellipsis" ? (
          <span key={`e${i}`} aria-hidden="true" className="px-2 text-slate-700">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            className={item === page ? "btn-primary" : "btn-outline"}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="btn-outline" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
