import { describe, expect, it } from "vitest";
import { UI } from "./constants.ts";
import { clinicStructuredData, truncate, workingHoursRows } from "./display.ts";

describe("truncate (admin list, product.md §2.13)", () => {
  it("cuts at the admin limits of 30 and 40 with '...'", () => {
    expect(UI.adminLocationMaxChars).toBe(30);
    expect(UI.adminAddressMaxChars).toBe(40);
    expect(truncate("x".repeat(31), 30)).toBe(`${"x".repeat(30)}...`);
    expect(truncate("x".repeat(30), 30)).toBe("x".repeat(30));
    expect(truncate("123 Main Street, Suite 400, Springfield, IL 62701", 40)).toBe("123 Main Street, Suite 400, Springfield,...");
    expect(truncate(null, 30)).toBe("");
  });
});

describe("workingHoursRows", () => {
  it("orders days Monday to Sunday whatever the stored order or case", () => {
    const rows = workingHoursRows({ sunday: "Closed", Monday: "9AM-5PM", tue: "9AM-6PM", Saturday: "10AM-2PM" });
    expect(rows).toEqual([
      { day: "Monday", hours: "9AM-5PM" },
      { day: "Tuesday", hours: "9AM-6PM" },
      { day: "Saturday", hours: "10AM-2PM" },
      { day: "Sunday", hours: "Closed" },
    ]);
  });
  it("parses a JSON string and keeps unknown keys after the week", () => {
    expect(workingHoursRows('{"Holidays":"Closed","Friday":"9-5"}')).toEqual([
      { day: "Friday", hours: "9-5" },
      { day: "Holidays", hours: "Closed" },
    ]);
  });
  it("shows plain text as one row without a day", () => {
    expect(workingHoursRows("Mon-Fri 9-5")).toEqual([{ day: null, hours: "Mon-Fri 9-5" }]);
    expect(workingHoursRows({ text: "By appointment" })).toEqual([{ day: null, hours: "By appointment" }]);
  });
  it("gives no rows when nothing is stored", () => {
    expect(workingHoursRows(null)).toEqual([]);
    expect(workingHoursRows("")).toEqual([]);
    expect(workingHoursRows("   ")).toEqual([]);
  });
});

describe("clinicStructuredData (product.md §2.9)", () => {
  const clinic = {
    name: "Glow Med Spa",
    phone: "(305) 555-0100",
    street: "1 Ocean Dr",
    fullAddress: "1 Ocean Dr, Miami, FL 33139",
    city: "Miami",
    state: "FL",
    postalCode: "33139",
    country: "USA",
    latitude: 25.77,
    longitude: -80.13,
    photo: null,
    site: "https://glow.example.com",
    reviewCount: 126,
  };
  it("is a MedicalBusiness without a price range or any third-party rating", () => {
    const ld = clinicStructuredData(clinic, "https://botoxnearme.example/botox-clinic/miami-fl/glow-med-spa");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MedicalBusiness",
      name: "Glow Med Spa",
      telephone: "(305) 555-0100",
      address: { "@type": "PostalAddress", streetAddress: "1 Ocean Dr", addressLocality: "Miami", addressRegion: "FL" },
      geo: { "@type": "GeoCoordinates", latitude: 25.77, longitude: -80.13 },
    });
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("priceRange");
    // 126 maps reviews are not ours to mark up.
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(JSON.stringify(ld)).not.toContain("126");
  });
  it("rates only from the site's own visitor ratings, at least 3", () => {
    const ld = clinicStructuredData(clinic, "u", { rating: { average: 4.3, count: 7 } });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.3, ratingCount: 7, bestRating: 5, worstRating: 1 });
    expect(clinicStructuredData(clinic, "u", { rating: { average: 5, count: 2 } })).not.toHaveProperty("aggregateRating");
    expect(clinicStructuredData({ name: "X", reviews: "4.5 (12 reviews)" }, "u")).not.toHaveProperty("aggregateRating");
  });
  it("takes the prices' offers and brand-by-brand range through extra, beside our own rating", () => {
    const offers = [{ "@type": "Offer", price: "13.00", priceSpecification: { "@type": "UnitPriceSpecification", price: "13.00", unitText: "unit" } }];
    const ld = clinicStructuredData(clinic, "u", { rating: { average: 4.3, count: 4 }, extra: { offers, priceRange: "Botox $13/unit" } });
    expect(ld).toMatchObject({ priceRange: "Botox $13/unit", offers, aggregateRating: { ratingValue: 4.3, ratingCount: 4 } });
    // Without prices the extra is empty and no range is made up.
    expect(clinicStructuredData(clinic, "u", { extra: {} })).not.toHaveProperty("priceRange");
  });
});
