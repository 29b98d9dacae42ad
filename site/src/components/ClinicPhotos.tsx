/**
 * The clinic's photos (decision 283), rendered at build time only (no client code). Each keeps
 * its width and height in the HTML so nothing below it moves while it loads; they sit below
 * the clinic's details, so they load lazily; the alt text is the one its uploader wrote.
 */
import type { ClinicPhoto } from "@botox/core/contract";

export function ClinicPhotos({ clinicName, photos }: { clinicName: string; photos: readonly ClinicPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="clinic-photos" data-clinic-photos>
      <h2 id="clinic-photos" className="text-xl font-bold">
        Photos of {clinicName}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((p) => (
          <li key={p.id}>
            <img
              src={p.url}
              alt={p.alt}
              width={p.width}
              height={p.height}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-lg bg-brand-100 object-cover"
              style={{ aspectRatio: `${p.width} / ${p.height}` }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
