/**
 * The clinic's own description (decision 282), rendered on the clinic page at build time only
 * (no client code). It is plain text: React writes it as text, so markup an owner typed shows
 * as the characters they typed and never becomes HTML. A blank line starts a new paragraph.
 */
export function ClinicDescription({ clinicName, text }: { clinicName: string; text: string | null }) {
  const paragraphs = (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby="clinic-about" data-clinic-description>
      <h2 id="clinic-about" className="text-xl font-bold">
        About {clinicName}
      </h2>
      {paragraphs.map((p, i) => (
        <p key={i} className="mt-2 whitespace-pre-line break-words text-slate-700">
          {p}
        </p>
      ))}
      <p className="mt-1 text-xs text-slate-600">In the clinic&apos;s own words.</p>
    </section>
  );
}
