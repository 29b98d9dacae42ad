import { useEffect, useRef } from "react";

/**
 * Unsaved form values survive an expired session: every open form registers a reader of
 * its current values; when a 401 sends the admin to the login page, the values go to
 * sessionStorage and the form picks them up again after the re-login.
 */
const PREFIX = "botox-admin-draft:";
const live = new Map<string, () => unknown>();

export function saveLiveDrafts(): void {
  for (const [key, read] of live) {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(read()));
    } catch {
      // Storage full or disabled: nothing more we can do.
    }
  }
}

/** The values saved for `key`, if any (left in place until clearDraft). */
export function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // ignore
  }
}

/** Keeps `values` available to saveLiveDrafts while the form is mounted. */
export function useDraft(key: string, values: unknown): void {
  const ref = useRef(values);
  useEffect(() => {
    ref.current = values;
  });
  useEffect(() => {
    live.set(key, () => ref.current);
    // A draft restored at mount has served its purpose.
    clearDraft(key);
    return () => {
      if (live.get(key)) live.delete(key);
    };
  }, [key]);
}
