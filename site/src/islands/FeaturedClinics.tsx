import { useId } from "react";
import type { ZipSearchResponse } from "@core/api.ts";
import { FEATURED } from "@core/constants.ts";
import { MSG } from "@core/messages.ts";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { ClinicCard } from "./ClinicCard.tsx";

/** Featured top-rated providers (spec §2.3): hidden on error or when empty. */
export default function FeaturedClinics({ config, title = "Top-Rated Botox Providers" }: { config: PublicConfig; title?: string }) {
  return <Featured config={config} title={title} />;
}

function Featured({ config, title }: { config: PublicConfig; title: string }) {
  const id = useId();
  const featured = useQuery({
    queryKey: ["featured"],
    queryFn: async () => {
      try {
        return await apiClient(config.apiUrl).get<ZipSearchResponse>("/zip-search", {
          postalCode: FEATURED.postalCode,
          limit: FEATURED.limit,
          distance: FEATURED.distance,
          businessStatus: FEATURED.businessStatus,
        });
      } catch {
        throw new Error(MSG.fetch.featured);
      }
    },
  });
  const clinics = featured.data?.clinics ?? [];
  if (featured.isError || clinics.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-h`} className="container-page py-12">
      <h2 id={`${id}-h`} className="text-3xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {clinics.map((c) => (
          <ClinicCard key={c.id} clinic={c} />
        ))}
      </div>
    </section>
  );
}
