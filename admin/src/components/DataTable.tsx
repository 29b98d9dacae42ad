import type { Key, ReactNode } from "react";
import { cx } from "../lib/cx.ts";

/**
 * A table's Actions column stays pinned to the right edge while the table scrolls sideways
 * (on a phone a row's Edit and Delete were off-screen). Head and body cells.
 */
const stickyActionsHead = "sticky right-0 bg-slate-50 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]";
const stickyActionsCell = "sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]";

/** One column of a DataTable: its header and how a row fills its cell. */
export interface Column<Row> {
  /** The header cell's content, which names the column for assistive technology. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes on the header and the body cells alike (e.g. "hidden md:table-cell" hides the column on a phone). */
  className?: string;
  /** Classes on the body cells only. */
  cellClassName?: string;
  /** A body cell's tooltip, e.g. the whole text of a cut one. */
  title?: (row: Row) => string | undefined;
  /** The Actions column: right-aligned, and in a list screen pinned to the right edge while the table scrolls sideways. */
  actions?: boolean;
  /** The header as text, shown beside the value when the table is laid out as cards on a phone (`cards`). */
  label?: string;
}

/**
 * On a phone (below Tailwind's `sm`), a `cards` table lays each row out as a card: one line per
 * cell, its column's label before the value, the actions at the foot. The same table element
 * at every size, so what assistive technology and the tests read does not change.
 */
const cardClasses = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block max-sm:space-y-3",
  row: "max-sm:block max-sm:rounded-md max-sm:border max-sm:border-slate-200 max-sm:p-3",
  cell: "max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-3 max-sm:p-0 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]",
  actions: "max-sm:static max-sm:justify-end max-sm:border-t max-sm:border-slate-100 max-sm:pt-2 max-sm:shadow-none",
};

/**
 * Cell spacing and header tone. "list": a screen's main table, boxed, with a tinted header.
 * "compact": a table inside a card (a clinic's prices, the build history).
 */
type Variant = "list" | "compact";
const styles: Record<Variant, { box: string; head: string; th: string; td: string; row: string; actionsTh: string; actionsTd: string }> = {
  list: {
    box: "overflow-x-auto rounded-lg border border-slate-200 bg-white",
    head: "bg-slate-50 text-slate-600",
    th: "px-4 py-3 font-medium",
    td: "px-4 py-3",
    row: "border-t border-slate-100",
    actionsTh: cx("px-4 py-3 text-right font-medium", stickyActionsHead),
    actionsTd: cx("px-4 py-3 text-right whitespace-nowrap", stickyActionsCell),
  },
  compact: {
    box: "overflow-x-auto",
    head: "text-slate-500",
    th: "py-2 pr-3 font-medium",
    td: "py-2 pr-3",
    row: "border-t border-slate-100 align-top",
    // Pinned too: on a phone Roll back and Verify today were scrolled out of the card.
    actionsTh: "sticky right-0 bg-white py-2 pl-2 font-medium",
    actionsTd: cx("py-2 pl-2 text-right whitespace-nowrap", stickyActionsCell),
  },
};

/**
 * The admin's tables: one header row from the columns, one body row per item. A `message`
 * (loading, a failure, "nothing yet") takes the body's place as one full-width row; `busy`
 * dims the rows and marks the table busy while the next page or filter loads.
 */
/** A column the table hides below `md` stays hidden in the cards too. */
const hiddenOnPhones = (c: Column<never>) => /(^|\s)hidden(\s|$)/.test(c.className ?? "");

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  busy,
  message,
  messageClassName = "px-4 py-10 text-center",
  rowAttributes,
  variant = "list",
  cards = false,
  className,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Names the table for assistive technology (not shown). */
  caption?: string;
  busy?: boolean;
  message?: ReactNode;
  messageClassName?: string;
  /** Extra attributes of a row, e.g. data-* hooks. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | number>;
  variant?: Variant;
  /** Rows become cards on a phone (columns need a `label`). */
  cards?: boolean;
  className?: string;
}) {
  const s = styles[variant];
  const card = (key: keyof typeof cardClasses) => (cards ? cardClasses[key] : undefined);
  return (
    <div className={cx(s.box, busy && "opacity-60", className)}>
      <table aria-busy={busy} className={cx("w-full text-left text-sm", card("table"))}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={cx(s.head, card("head"))}>
          <tr>
            {columns.map((c, i) => (
              <th key={i} className={cx(c.actions ? s.actionsTh : s.th, c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={card("body")}>
          {message != null ? (
            <tr>
              <td colSpan={columns.length} className={messageClassName}>
                {message}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={cx(s.row, card("row"))} {...rowAttributes?.(row)}>
                {columns.map((c, i) => (
                  <td
                    key={i}
                    className={cx(
                      c.actions ? s.actionsTd : s.td,
                      c.className,
                      c.cellClassName,
                      !hiddenOnPhones(c) && card("cell"),
                      c.actions && card("actions"),
                    )}
                    title={c.title?.(row)}
                    data-label={cards && !c.actions ? (c.label ?? (typeof c.header === "string" ? c.header : undefined)) : undefined}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
