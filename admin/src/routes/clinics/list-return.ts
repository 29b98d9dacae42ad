/**
 * The clinic list's exact state (filter, search, page) carried to the clinic form and back:
 * Edit, Save and Cancel return to `/clinics?businessStatus=…&page=5`, not page 1.
 * It rides in the history entry's state, so a reload of the form keeps it too.
 */
import { useLocation } from "react-router-dom";

export interface ListReturnState {
  listSearch: string;
}

export const listReturnState = (search: string): ListReturnState => ({ listSearch: search });

/** The list's address to go back to ("/clinics" when the form was opened some other way). */
export function useListReturnPath(): string {
  const state: unknown = useLocation().state;
  const search = state && typeof state === "object" && "listSearch" in state ? state.listSearch : null;
  return typeof search === "string" && /^\?[^#]*$/.test(search) ? `/clinics${search}` : "/clinics";
}
