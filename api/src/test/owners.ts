/** Test scaffolding for clinic owners: an owner of some clinics, signed in through the mailed link. */
import type { Sql } from "@botox/db";
import type { RequestOptions } from "./request.ts";
import { sessionCookieOf } from "./admin-app.ts";

type Send = (method: string, path: string, options?: RequestOptions & { ip?: string }) => Promise<Response>;

let ipSeq = 0;
/** A network of its own per sign-in, so the per-network limits of the sign-in routes never bite. */
const freshIp = () => `198.51.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

/** The sign-in token of the newest link mailed to `email` (as the captured mail shows it). */
export async function mailedSignInToken(sql: Sql, email: string): Promise<string> {
  const [mail] = await sql<{ text: string }[]>`select text from mail_messages where to_address = ${email} and kind = 'owner' order by id desc limit 1`;
  const token = /#token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return decodeURIComponent(token);
}

/** Makes `email` the owner of `clinicIds` (an account when none), returning the owner's id. */
export async function makeOwner(sql: Sql, email: string, clinicIds: readonly number[]): Promise<number> {
  const [owner] = await sql<{ id: number }[]>`
    insert into owners (email) values (${email.toLowerCase()}) on conflict (email) do update set email = excluded.email returning id`;
  const id = Number(owner!.id);
  for (const clinicId of clinicIds) await sql`insert into clinic_owners (clinic_id, owner_id) values (${clinicId}, ${id}) on conflict do nothing`;
  return id;
}

/** Signs `email` in through the mailed link; returns the Cookie header value ("session=..."). */
export async function signInOwner(send: Send, sql: Sql, email: string): Promise<string> {
  const ip = freshIp();
  const asked = await send("POST", "/owner/sign-in-link", { body: { email }, ip });
  if (asked.status !== 202) throw new Error(`sign-in link refused: ${asked.status} ${await asked.text()}`);
  const res = await send("POST", "/owner/sign-in", { body: { token: await mailedSignInToken(sql, email) }, ip });
  if (res.status !== 200) throw new Error(`owner sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookieOf(res);
}
