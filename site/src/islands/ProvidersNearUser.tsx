import NearbyClinics from "./NearbyClinics.tsx";
import type { PublicConfig } from "../lib/config.ts";

/** 'Providers Near You' of /near-me (product.md §2.6, architecture.md §9): providers near the detected location. */
export default function ProvidersNearUser({ config }: { config: PublicConfig }) {
  return <NearbyClinics config={config} variant="near-me" />;
}
