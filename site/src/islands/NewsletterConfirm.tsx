import { useEffect, useState } from "react";
import type { PublicConfig } from "../lib/config.ts";
import { TOKEN_PROBLEM_TEXT, focusSubscribeForm, newsletterApi, tokenFromLocation, tokenProblemOf, type TokenProblem } from "../lib/newsletter.ts";
import { reactIsland } from "../lib/react-island.ts";

type State = { kind: "checking" } | { kind: "confirmed"; manageToken: string | null } | { kind: "problem"; problem: TokenProblem };

/** The preferences token the confirmation answers with, when it gives one. */
function manageTokenOf(answer: unknown): string | null {
  const token = answer && typeof answer === "object" ? (answer as { preferencesToken?: unknown }).preferencesToken : undefined;
  return typeof token === "string" && token ? token : null;
}

/**
 * The confirmation link's page: posts the link's token once and says what happened. A wrong,
 * expired or used token gets its own words and a way to subscribe again; never a blank page.
 */
export default function NewsletterConfirm({ config, search }: { config: PublicConfig; search?: string }) {
  const [state, setState] = useState<State>({ kind: "checking" });

  useEffect(() => {
    const token = tokenFromLocation(search ?? window.location.search);
    let live = true;
    newsletterApi(config.apiUrl)
      .confirm(token)
      .then(
        (answer) => live && setState({ kind: "confirmed", manageToken: manageTokenOf(answer) }),
        (err: unknown) => live && setState({ kind: "problem", problem: tokenProblemOf(err) }),
      );
    return () => {
      live = false;
    };
  }, [config.apiUrl, search]);

  if (state.kind === "checking") {
    return (
      <p role="status" data-confirm-state="checking" className="text-slate-700">
        Confirming your subscription…
      </p>
    );
  }
  if (state.kind === "confirmed") {
    return (
      <div role="status" data-confirm-state="confirmed">
        <h2 className="text-2xl font-bold text-slate-900">You're subscribed</h2>
        <p className="mt-2 text-slate-700">Thanks for confirming your email address. We'll only write when there's something worth telling you.</p>
        {state.manageToken ? (
          <p className="mt-4">
            <a className="btn-primary" href={`/newsletter/preferences?token=${encodeURIComponent(state.manageToken)}`}>
              Choose your ZIP, radius and brands
            </a>
          </p>
        ) : (
          <p className="mt-2 text-slate-700">Every mail we send has a link to choose your ZIP, radius and brands, or to unsubscribe.</p>
        )}
      </div>
    );
  }
  const text = TOKEN_PROBLEM_TEXT[state.problem];
  return (
    <div role="alert" data-confirm-state={state.problem}>
      <h2 className="text-2xl font-bold text-slate-900">{text.title}</h2>
      <p className="mt-2 text-slate-700">{text.body}</p>
      {state.problem !== "failed" && (
        <p className="mt-4">
          <button type="button" className="btn-primary" onClick={() => focusSubscribeForm()}>
            Subscribe again
          </button>
        </p>
      )}
    </div>
  );
}

reactIsland(NewsletterConfirm);
