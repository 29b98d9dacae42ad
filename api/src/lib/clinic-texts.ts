/**
 * The clinic texts the listings are written from (@botox/db ClinicFragments, decision 221): each
 * clinic's answer JSON kept by its row version, one set per database the app reads, in
 * `deps.state`. A text is used only for the row version it was made from, so a written clinic
 * is read again at once, whichever instance wrote it; clinic-fragments.test.ts and
 * routes/clinics/listing-answers.test.ts prove the answers are byte for byte those read without it.
 */
import { ClinicFragments } from "@botox/db";
import type { Deps } from "../context.ts";

export function clinicTextsOf(deps: Deps): ClinicFragments {
  const kept = deps.state.clinicTexts;
  let texts = kept.get(deps.db);
  if (!texts) kept.set(deps.db, (texts = new ClinicFragments()));
  return texts;
}
