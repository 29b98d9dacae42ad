/**
 * One-tap "Open now" and "Lowest price" above a listing's results: a phone visitor
 * reaches a cheap clinic open now without opening the filters. Each chip sets the same state
 * the filters do (the address keeps it), so the two never disagree.
 */
export function QuickChips({
  openNow,
  onOpenNow,
  lowestPrice,
  onLowestPrice,
}: {
  openNow: boolean;
  onOpenNow: (on: boolean) => void;
  lowestPrice: boolean;
  onLowestPrice: (on: boolean) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Quick filters" data-quick-chips>
      <Chip pressed={openNow} onClick={() => onOpenNow(!openNow)}>
        Open now
      </Chip>
      <Chip pressed={lowestPrice} onClick={() => onLowestPrice(!lowestPrice)}>
        Lowest price
      </Chip>
    </div>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-chip={children}
      className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
        pressed ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
      }`}
    >
      {children}
    </button>
  );
}
