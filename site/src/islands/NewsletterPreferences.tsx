import { useEffect, useId, useState, type SubmitEvent } from "react";
import { BRAND_LABELS } from "@botox/core/price-format";
import type { AlertBrand } from "@botox/core/contract";
import { NEWSLETTER_FORM_MSG } from "@botox/core/messages";
import type { PublicConfig } from "../lib/config.ts";
import {
  ALERT_BRAND_CHOICES,
  RADIUS_CHOICES,
  TOKEN_PROBLEM_TEXT,
  focusSubscribeForm,
  newsletterApi,
  tokenFromLocation,
  tokenProblemOf,
  type Frequency,
  type NewsletterPreferences as Prefs,
  type RadiusMiles,
  type TokenProblem,
} from "../lib/newsletter.ts";
import { reactIsland } from "../lib/react-island.ts";

type Load =
  | { kind: "loading" }
  | { kind: "ready"; token: string; unsubscribed: boolean; unsubscribeFirst: boolean }
  | { kind: "problem"; problem: TokenProblem }
  | { kind: "deleted" };
type Action = "idle" | "saving" | "saved" | "unsubscribing" | "confirm-delete" | "deleting";

interface Props {
  config: PublicConfig;
  /** The page's address after its path (tests); the browser's own otherwise. "#unsubscribe" (the mail's unsubscribe link) puts Unsubscribe first. */
  location?: { search: string; hash: string };
}

const FREQUENCY_LABELS: Record<Frequency, string> = { new: "Only when something new", weekly: "Weekly" };
const FAILED = "That didn't work. Please try again.";

/**
 * The mail's preferences page (and its unsubscribe link): ZIP, radius, brands and how often,
 * with Unsubscribe and Delete my data on the same page. Every call carries the link's token.
 */
export default function NewsletterPreferences({ config, location }: Props) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [prefs, setPrefs] = useState<Prefs>({ zipCode: null, radiusMiles: 25, brands: [], frequency: "new" });
  const [zip, setZip] = useState("");
  const [zipError, setZipError] = useState<string | null>(null);
  const [action, setAction] = useState<Action>("idle");
  const [error, setError] = useState<string | null>(null);
  const api = newsletterApi(config.apiUrl);

  useEffect(() => {
    const { search, hash } = location ?? window.location;
    const token = tokenFromLocation(search);
    const unsubscribeFirst = hash === "#unsubscribe";
    let live = true;
    newsletterApi(config.apiUrl)
      .preferences(token)
      .then(
        (p) => {
          if (!live) return;
          setPrefs({ zipCode: p.zipCode, radiusMiles: p.radiusMiles, brands: p.brands, frequency: p.frequency });
          setZip(p.zipCode ?? "");
          setLoad({ kind: "ready", token, unsubscribed: p.status === "unsubscribed", unsubscribeFirst });
        },
        (err: unknown) => live && setLoad({ kind: "problem", problem: tokenProblemOf(err) }),
      );
    return () => {
      live = false;
    };
  }, [config.apiUrl, location]);

  if (load.kind === "loading") {
    return (
      <p role="status" className="text-slate-700" data-prefs-state="loading">
        Loading your preferences…
      </p>
    );
  }
  if (load.kind === "problem") {
    const text = TOKEN_PROBLEM_TEXT[load.problem];
    return (
      <div role="alert" data-prefs-state={load.problem}>
        <h2 className="text-2xl font-bold text-slate-900">{text.title}</h2>
        <p className="mt-2 text-slate-700">
          {load.problem === "expired" ? "This link has expired. Use the link in a newer email from us, or subscribe again." : text.body}
        </p>
        {load.problem !== "failed" && (
          <p className="mt-4">
            <button type="button" className="btn-primary" onClick={() => focusSubscribeForm()}>
              Subscribe again
            </button>
          </p>
        )}
      </div>
    );
  }
  if (load.kind === "deleted") {
    return (
      <div role="status" data-prefs-state="deleted">
        <h2 className="text-2xl font-bold text-slate-900">Your data has been deleted</h2>
        <p className="mt-2 text-slate-700">We erased your email address, your preferences and what we sent you. You won't hear from us again.</p>
      </div>
    );
  }

  const { token, unsubscribed, unsubscribeFirst } = load;
  const busy = action === "saving" || action === "unsubscribing" || action === "deleting";

  async function run(next: Action, work: () => Promise<unknown>, done: () => void) {
    setAction(next);
    setError(null);
    try {
      await work();
      done();
    } catch (err) {
      const problem = tokenProblemOf(err);
      if (problem === "failed") {
        setError(FAILED);
        setAction("idle");
      } else setLoad({ kind: "problem", problem });
    }
  }

  function onSave(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const z = zip.trim();
    if (z && !/^\d{5}$/.test(z)) {
      setZipError(NEWSLETTER_FORM_MSG.invalidZip);
      return;
    }
    const next: Prefs = { ...prefs, zipCode: z || null };
    void run(
      "saving",
      () => api.savePreferences(token, next),
      () => {
        setPrefs(next);
        setAction("saved");
      },
    );
  }

  const unsubscribe = () =>
    run(
      "unsubscribing",
      () => api.unsubscribe(token),
      () => {
        setLoad({ kind: "ready", token, unsubscribed: true, unsubscribeFirst });
        setAction("idle");
      },
    );
  const deleteData = () =>
    run(
      "deleting",
      () => api.deleteData(token),
      () => setLoad({ kind: "deleted" }),
    );
  const toggleBrand = (b: AlertBrand) => {
    setPrefs((p) => ({ ...p, brands: p.brands.includes(b) ? p.brands.filter((x) => x !== b) : [...p.brands, b] }));
    setAction("idle");
  };

  const unsubscribeCard = (
    <section id="unsubscribe" aria-labelledby={`${id}-unsub`} className="card scroll-mt-4 p-5" data-unsubscribe>
      <h2 id={`${id}-unsub`} className="text-xl font-bold">
        Unsubscribe
      </h2>
      {unsubscribed ? (
        <div role="status" data-prefs-state="unsubscribed">
          <p className="mt-2 font-semibold text-slate-900">You're unsubscribed.</p>
          <p className="mt-1 text-sm text-slate-700">We won't send you deals or alerts any more.</p>
          <button type="button" className="btn-outline mt-3" onClick={() => focusSubscribeForm()}>
            Subscribe again
          </button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">Stop all deal and price-alert mail to this address. One click, no questions.</p>
          <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => void unsubscribe()}>
            {action === "unsubscribing" ? "Unsubscribing…" : "Unsubscribe"}
          </button>
        </>
      )}
    </section>
  );

  return (
    <div className="space-y-6" data-prefs-state="ready">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {unsubscribeFirst && unsubscribeCard}
      <form onSubmit={onSave} noValidate aria-labelledby={`${id}-prefs`} className="card space-y-4 p-5" data-preferences-form>
        <h2 id={`${id}-prefs`} className="text-xl font-bold">
          {unsubscribeFirst ? "Or change what we send you" : "What we send you"}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-zip`} className="mb-1 block text-sm font-medium">
              ZIP code
            </label>
            <input
              id={`${id}-zip`}
              className="input"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={zip}
              aria-invalid={zipError ? true : undefined}
              aria-describedby={zipError ? `${id}-zip-err` : undefined}
              onChange={(e) => {
                setZip(e.target.value);
                setZipError(null);
                setAction("idle");
              }}
            />
            {zipError && (
              <p id={`${id}-zip-err`} className="mt-1 text-sm text-red-700">
                {zipError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-radius`} className="mb-1 block text-sm font-medium">
              Within
            </label>
            <select
              id={`${id}-radius`}
              className="input"
              value={prefs.radiusMiles}
              onChange={(e) => {
                setPrefs((p) => ({ ...p, radiusMiles: Number(e.target.value) as RadiusMiles }));
                setAction("idle");
              }}
            >
              {RADIUS_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Brands (none ticked: all brands)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {ALERT_BRAND_CHOICES.map((b) => (
              <label key={b} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="h-5 w-5" checked={prefs.brands.includes(b)} onChange={() => toggleBrand(b)} />
                {BRAND_LABELS[b]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">How often</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {(Object.keys(FREQUENCY_LABELS) as Frequency[]).map((f) => (
              <label key={f} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-frequency`}
                  className="h-5 w-5"
                  checked={prefs.frequency === f}
                  onChange={() => {
                    setPrefs((p) => ({ ...p, frequency: f }));
                    setAction("idle");
                  }}
                />
                {FREQUENCY_LABELS[f]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {action === "saving" ? "Saving…" : "Save"}
          </button>
          {action === "saved" && (
            <p role="status" className="text-sm font-medium text-green-800">
              Your preferences are saved.
            </p>
          )}
        </div>
      </form>
      {!unsubscribeFirst && unsubscribeCard}
      <section aria-labelledby={`${id}-delete`} className="card p-5" data-delete>
        <h2 id={`${id}-delete`} className="text-xl font-bold">
          Delete my data
        </h2>
        <p className="mt-2 text-sm text-slate-700">Erase your email address, your preferences, your price alerts and the history of what we sent you.</p>
        {action === "confirm-delete" || action === "deleting" ? (
          <div role="alertdialog" aria-labelledby={`${id}-delete-q`} className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
            <p id={`${id}-delete-q`} className="text-sm font-semibold text-red-900">
              Delete everything we hold about this address? This can't be undone.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={() => void deleteData()}>
                {action === "deleting" ? "Deleting…" : "Yes, delete my data"}
              </button>
              <button type="button" className="btn-outline" disabled={busy} onClick={() => setAction("idle")}>
                Keep my data
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn-outline mt-3" disabled={busy} onClick={() => setAction("confirm-delete")}>
            Delete my data
          </button>
        )}
      </section>
    </div>
  );
}

reactIsland(NewsletterPreferences);
