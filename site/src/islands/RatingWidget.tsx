import { useId, useState } from "react";
import { RATING, type RatingEmoji } from "@botox/core/constants";
import { RATING_MSG } from "@botox/core/messages";
import { errorMessageOf } from "@botox/core/http";
import { RATINGS_POLICY_PATH } from "@botox/core/freshness";
import { apiClient, useMutation, useQuery, useQueryClient } from "../lib/query.ts";
import { toast } from "../lib/toast.ts";
import type { PublicConfig } from "../lib/config.ts";

import { EMOJI_GLYPH } from "../lib/emoji.ts";
import { RatingDistribution } from "../components/RatingDistribution.tsx";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  clinicId: number;
  clinicName: string;
  config: PublicConfig;
}

export default function RatingWidget(props: Props) {
  return (
    <>
      <Rating {...props} />
      <p className="mt-2 text-sm">
        <a href={RATINGS_POLICY_PATH} className="link-tap text-brand-700 underline">
          How ratings are collected and moderated
        </a>
      </p>
    </>
  );
}

function Rating({ clinicId, clinicName, config }: Props) {
  const id = useId();
  const api = apiClient(config.apiUrl);
  const qc = useQueryClient();
  const [emoji, setEmoji] = useState<RatingEmoji | null>(null);
  const [submitted, setSubmitted] = useState<{ emoji: RatingEmoji } | null>(null);

  const hasRated = useQuery({
    queryKey: ["has-rated", clinicId],
    queryFn: () => api.get(`/clinics/${clinicId}/has-rated`),
  });
  const stats = useQuery({
    queryKey: ["rating-stats", clinicId],
    queryFn: () => api.get(`/clinics/${clinicId}/rating-stats`),
  });
  const submit = useMutation({
    mutationFn: (body: { clinicId: number; emoji: RatingEmoji; comment: string | null }) => api.send("POST", `/clinics/${clinicId}/ratings`, body),
    onSuccess: (_data, body) => {
      setSubmitted({ emoji: body.emoji });
      toast({ title: RATING_MSG.successTitle, description: RATING_MSG.success });
      void qc.invalidateQueries({ queryKey: ["rating-stats", clinicId] });
    },
    onError: (err) => {
      toast({ title: RATING_MSG.errorTitle, description: errorMessageOf(err, RATING_MSG.error), variant: "destructive" });
    },
  });

  const heading = (
    <h2 id={`${id}-h`} className="text-xl font-bold">
      Rate This Clinic
    </h2>
  );

  if (hasRated.data?.hasRated || submitted) {
    return (
      <section aria-labelledby={`${id}-h`} className="card p-5" data-rating-state="thanks">
        {heading}
        <p className="mt-2 font-semibold text-slate-900">Thanks for rating {clinicName}!</p>
        {submitted && (
          <p className="mt-1 text-slate-700">
            Your rating: <span aria-hidden="true">{EMOJI_GLYPH[submitted.emoji]}</span> {RATING.emojis.find((e) => e.value === submitted.emoji)?.label}
          </p>
        )}
        <RatingDistribution stats={stats.data} />
      </section>
    );
  }

  return (
    // Until the API says whether this visitor has rated, the form stands with its choices
    // disabled: the page is built with this shape, so most visitors (who have not rated) see
    // nothing move when the answer comes (a "Loading…" line here grew into the form and moved
    // what follows).
    <section
      aria-labelledby={`${id}-h`}
      className="card p-5"
      data-rating-state={hasRated.isPending ? "waiting" : "form"}
      aria-busy={hasRated.isPending || undefined}
    >
      {heading}
      {/* One line kept for the count while it loads: "No visitor ratings yet." is one line. */}
      {stats.data ? (
        <RatingDistribution stats={stats.data} />
      ) : (
        <p className="mt-2 text-sm" aria-hidden="true">
          &nbsp;
        </p>
      )}
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!emoji) return;
          // No comment is asked for: nobody reviews comments before they would be shown (decision 254).
          submit.mutate({ clinicId, emoji, comment: null });
        }}
      >
        <fieldset disabled={hasRated.isPending}>
          <legend className="mb-2 text-slate-700">How was your experience?</legend>
          <div className="flex flex-wrap gap-2">
            {RATING.emojis.map((e) => (
              <label
                key={e.value}
                className={`flex cursor-pointer flex-col items-center rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${
                  emoji === e.value ? "border-brand-700 bg-brand-50 font-semibold" : "border-slate-300"
                }`}
              >
                <input type="radio" name={`${id}-emoji`} value={e.value} className="sr-only" checked={emoji === e.value} onChange={() => setEmoji(e.value)} />
                <span aria-hidden="true" className="text-2xl">
                  {EMOJI_GLYPH[e.value]}
                </span>
                {e.label}
              </label>
            ))}
          </div>
        </fieldset>
        {emoji && (
          <>
            <button type="submit" className="btn-primary" disabled={submit.isPending}>
              Submit Rating
            </button>
          </>
        )}
      </form>
    </section>
  );
}

reactIsland(RatingWidget);
