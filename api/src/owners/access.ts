/**
 * What an owner's session reaches (decision 267): their own clinics through the clinic routes
 * the team uses where the route allows owners, and nothing else of the team's.
 */
import type { Context } from "hono";
import { parseId } from "@botox/core";
import type { Sql } from "@botox/db";
import type { AppEnv } from "../context.ts";

/** Which clinic a request acts on, read before its body: null when there is none. */
export type ClinicOf = (c: Context<AppEnv>) => Promise<number | null>;

/**
 * The clinic of a route's `{id}` path parameter (clinic routes). Access is checked before the
 * route's validators run, so these read the raw parameter with the parser its schema uses.
 */
export const clinicIdParam: ClinicOf = async (c) => parseId(c.req.param("id"));

/** The clinic a row of `table` (its `{id}` path parameter) belongs to. */
export function clinicOfRow(table: "clinic_prices" | "clinic_deals" | "clinic_staff" | "clinic_photos" | "clinic_claims"): ClinicOf {
  return async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return null;
    const { sql } = c.get("deps");
    const [row] = await sql<{ clinic_id: number }[]>`select clinic_id from ${sql(table)} where id = ${id}`;
    return row ? Number(row.clinic_id) : null;
  };
}

export async function ownsClinic(sql: Sql, ownerId: number, clinicId: number): Promise<boolean> {
  if (clinicId > 2_147_483_647) return false;
  const [row] = await sql<{ ok: number }[]>`select 1 as ok from clinic_owners where owner_id = ${ownerId} and clinic_id = ${clinicId}`;
  return Boolean(row);
}
