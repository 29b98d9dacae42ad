import { useId, useState, type SubmitEvent } from "react";
import { NEWSLETTER_FORM_MSG } from "@botox/core/messages";
import { apiClient } from "../lib/query.ts";
import { toast } from "../lib/toast.ts";
import { trackEvent } from "../lib/analytics.ts";
import type { PublicConfig } from "../lib/config.ts";
import { reactIsland } from "../lib/react-island.ts";

/**
 * Newsletter form (product.md §4): email + Subscribe, expanding once an email is typed. The browser
 * checks the email's form (type=email); a missing email gets the spec's toast rather than the
 * browser's bubble, so the field is aria-required instead of required.
 */
export default function NewsletterForm({ config }: { config: PublicConfig }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [zipCode, setZipCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [zipError, setZipError] = useState<string | null>(null);
  const expanded = email.length > 0;

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!email.trim()) {
      toast({ title: NEWSLETTER_FORM_MSG.emailRequiredTitle, description: NEWSLETTER_FORM_MSG.emailRequired, variant: "destructive" });
      return;
    }
    // The API would refuse a short ZIP; say so here and keep everything typed.
    if (zipCode.trim() && !/^\d{5}$/.test(zipCode.trim())) {
      setZipError(NEWSLETTER_FORM_MSG.invalidZip);
      return;
    }
    setSubmitting(true);
    try {
      await apiClient(config.apiUrl).send("POST", "/newsletter/subscribe", {
        email: email.trim(),
        zipCode: zipCode.trim() || null,
        firstName: firstName.trim() || null,
      });
      toast({ title: NEWSLETTER_FORM_MSG.successTitle, description: NEWSLETTER_FORM_MSG.success });
      trackEvent("newsletter_signup");
      setEmail("");
      setFirstName("");
      setZipCode("");
    } catch {
      toast({ title: NEWSLETTER_FORM_MSG.errorTitle, description: NEWSLETTER_FORM_MSG.error, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="bg-brand-700 py-12 text-white">
      <div className="container-page max-w-2xl text-center">
        <h2 id={`${id}-h`} className="text-2xl font-bold">
          Get Exclusive Botox Deals
        </h2>
        <p className="mt-2 text-brand-100">Subscribe for local specials and treatment news. Free, unsubscribe anytime.</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-3 text-left" data-newsletter>
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              aria-required="true"
              autoComplete="email"
              placeholder="Enter your email"
              className="input flex-1"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            {!expanded && (
              <button type="submit" className="btn bg-white text-brand-800 hover:bg-brand-50">
                Subscribe
              </button>
            )}
          </div>
          {expanded && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor={`${id}-first`} className="mb-1 block text-sm">
                  First name (optional)
                </label>
                <input
                  id={`${id}-first`}
                  name="firstName"
                  autoComplete="given-name"
                  className="input"
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                />
              </div>
              <div>
                <label htmlFor={`${id}-zip`} className="mb-1 block text-sm">
                  ZIP code (optional)
                </label>
                <input
                  id={`${id}-zip`}
                  name="zipCode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  className="input"
                  value={zipCode}
                  aria-invalid={zipError ? true : undefined}
                  aria-describedby={zipError ? `${id}-zip-error` : undefined}
                  onChange={(e) => {
                    setZipCode(e.target.value);
                    setZipError(null);
                  }}
                />
                {zipError && (
                  <p id={`${id}-zip-error`} role="alert" className="mt-1 text-sm font-medium text-amber-200">
                    {zipError}
                  </p>
                )}
              </div>
              <button type="submit" disabled={submitting} className="btn bg-white text-brand-800 hover:bg-brand-50 sm:col-span-2">
                {submitting ? "Subscribing..." : "Get Botox Deals"}
              </button>
            </div>
          )}
        </form>
      </div>
    </section>
  );
}

reactIsland(NewsletterForm);
