import { useCallback, useEffect, useRef, useState } from "react";

/** How long a review decision can be taken back before it is sent. */
export const UNDO_MS = 6000;

export interface Decision {
  id: number;
  status: "published" | "rejected";
  reason?: string | undefined;
}

/**
 * Review decisions held for UNDO_MS before `commit` sends them, each with an Undo meanwhile.
 * Leaving the page sends what is still held: a decision is never lost, only delayed.
 */
export function useUndoableDecisions(commit: (decision: Decision) => void) {
  const [held, setHeld] = useState<ReadonlyMap<number, Decision>>(new Map());
  const timers = useRef(new Map<number, { timer: ReturnType<typeof setTimeout>; decision: Decision }>());
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const release = useCallback((id: number) => {
    timers.current.delete(id);
    setHeld((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  }, []);

  const decide = useCallback(
    (decision: Decision) => {
      const timer = setTimeout(() => {
        release(decision.id);
        commitRef.current(decision);
      }, UNDO_MS);
      timers.current.set(decision.id, { timer, decision });
      setHeld((prev) => new Map(prev).set(decision.id, decision));
    },
    [release],
  );

  const undo = useCallback(
    (id: number) => {
      const entry = timers.current.get(id);
      if (entry) clearTimeout(entry.timer);
      release(id);
    },
    [release],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const { timer, decision } of pending.values()) {
        clearTimeout(timer);
        commitRef.current(decision);
      }
      pending.clear();
    };
  }, []);

  return { held, decide, undo };
}
