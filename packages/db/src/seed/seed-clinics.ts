import {
  firstFreeSlug,
  formatReviews,
  toClinicSlug,
  toLinkSlug,
  type BusinessStatus,
  type ClinicCategory,
  type ClinicInput,
  type WorkingHours,
} from "@botox/core";
import type { Random } from "./random.ts";
import { US_STATES, zipCodeData, type ZipCode } from "./zip-codes.ts";

export interface DemoCity {
  city: string;
  state: string;
  citySlug: string;
  latitude: number;
  longitude: number;
  zips: ZipCode[];
}

/**
 * Cities the site's spec names (footer, fallbacks): always among the demo cities.
 * @internal Exported for its tests.
 */
export const REQUIRED_CITIES = [
  ["New York", "NY"],
  ["Los Angeles", "CA"],
  ["Chicago", "IL"],
  ["Miami", "FL"],
  ["Boston", "MA"],
] as const;

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Real US cities from the ZIP dataset: the `count` city/state pairs with the most ZIP codes
 * (a fair proxy for size), the required ones first. The centre is the median of the city's
 * ZIP centroids, which ignores the odd far-away PO-box ZIP.
 */
export function demoCities(count = 120): DemoCity[] {
  const groups = new Map<string, ZipCode[]>();
  for (const z of zipCodeData()) {
    if (!US_STATES.has(z.state)) continue;
    const key = `${z.city}|${z.state}`;
    const list = groups.get(key);
    if (list) list.push(z);
    else groups.set(key, [z]);
  }
  const ranked = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  // City routes key on the city slug alone, so one state per city name (the larger wins).
  const slugs = new Set<string>();
  const chosen: typeof ranked = [];
  const add = (entry: (typeof ranked)[number]) => {
    const slug = toLinkSlug(entry[0].split("|")[0]!);
    if (slugs.has(slug)) return;
    slugs.add(slug);
    chosen.push(entry);
  };
  for (const [city, state] of REQUIRED_CITIES) {
    const entry = groups.get(`${city}|${state}`);
    if (entry) add([`${city}|${state}`, entry]);
  }
  for (const entry of ranked) {
    if (chosen.length >= Math.max(count, REQUIRED_CITIES.length)) break;
    add(entry);
  }
  return chosen.map(([key, zips]) => {
    const [city, state] = key.split("|") as [string, string];
    return {
      city,
      state,
      citySlug: toLinkSlug(city),
      latitude: median(zips.map((z) => z.latitude)),
      longitude: median(zips.map((z) => z.longitude)),
      zips,
    };
  });
}

/**
 * A demo clinic as the admin form's input, stored through the one clinic write path
 * (toClinicRow, clinic-row.ts) like every other clinic, with its source key.
 */
export interface DemoClinic {
  input: ClinicInput;
  sourceKey: string;
}

export const DEMO_SOURCE_PREFIX = "demo:";

const BRANDS = [
  "Glow",
  "Radiance",
  "Luxe",
  "Pure",
  "Revive",
  "Serenity",
  "Bella",
  "Ageless",
  "Elite",
  "Renew",
  "Sculpt",
  "Timeless",
  "Luminous",
  "Velvet",
  "Evolve",
  "Allure",
  "Vitality",
  "Aura",
  "Haven",
  "Bliss",
  "Skin Deep",
  "Youthful",
  "Fresh Face",
  "Flawless",
  "Silk",
  "Golden Hour",
  "Blush",
  "Poise",
  "Ethos",
  "Lumière",
];
const KINDS = [
  "Aesthetics & Med Spa",
  "Med Spa",
  "Medical Spa",
  "Aesthetics",
  "Skin Clinic",
  "Wellness & Aesthetics",
  "Injectables Studio",
  "Laser & Skin Center",
  "Cosmetic Center",
  "Botox Bar",
  "Beauty Lounge",
  "Skin & Laser",
];
const SURNAMES = [
  "Carter",
  "Nguyen",
  "Patel",
  "Rossi",
  "Kim",
  "Alvarez",
  "Bennett",
  "Shapiro",
  "Okafor",
  "Morgan",
  "Chen",
  "Delgado",
  "Foster",
  "Hughes",
  "Levine",
  "Brooks",
  "Ramirez",
  "Sullivan",
  "Weiss",
  "Harper",
];
const STREET_NAMES = [
  "Main",
  "Oak",
  "Maple",
  "Park",
  "Washington",
  "Lake",
  "Hill",
  "Elm",
  "Pine",
  "Cedar",
  "Sunset",
  "Broadway",
  "Madison",
  "Jefferson",
  "Lincoln",
  "Franklin",
  "Highland",
  "River",
  "Spring",
  "Center",
  "Market",
  "Church",
  "Union",
  "Grand",
  "Ocean",
  "Colonial",
  "Willow",
  "Magnolia",
  "Peachtree",
  "Commerce",
  "Riverside",
  "Meadow",
];
const STREET_TYPES = ["St", "Ave", "Blvd", "Rd", "Dr", "Ln", "Way", "Pkwy", "Pl", "Ct"];
const AREA_CODES: Record<string, string[]> = {
  NY: ["212", "646", "718", "917"],
  CA: ["213", "310", "415", "619", "818", "916"],
  IL: ["312", "773", "872"],
  FL: ["305", "786", "407", "813", "904"],
  MA: ["617", "857"],
  TX: ["214", "512", "713", "210", "915"],
  GA: ["404", "678"],
  PA: ["215", "412"],
  AZ: ["480", "602", "520"],
  WA: ["206", "253", "509"],
  CO: ["303", "719"],
  NV: ["702", "775"],
  OH: ["216", "513", "614"],
  DC: ["202"],
  NC: ["704", "919"],
};
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const HOURS_TEXT = [
  "Mon-Fri 9:00 AM - 6:00 PM; Sat 10:00 AM - 3:00 PM; Sun Closed",
  "By appointment only",
  "Tue-Sat 10 AM to 7 PM, closed Sunday and Monday",
  "Weekdays 8am-5pm, Saturdays 9am-1pm",
  "Mon-Thu 9-7, Fri 9-5, weekends by appointment",
];
const PLACE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

function clinicName(r: Random, city: string): string {
  switch (r.int(0, 5)) {
    case 0:
      return `${r.pick(SURNAMES)} Dermatology & Aesthetics`;
    case 1:
      return `${city} ${r.pick(["Botox & Fillers", "Med Spa", "Aesthetics", "Injectables", "Skin Institute"])}`;
    case 2:
      return `Dr. ${r.pick(SURNAMES)} ${r.pick(["Aesthetics", "Cosmetic Surgery", "Skin Care", "Med Spa"])}`;
    default:
      return `${r.pick(BRANDS)} ${r.pick(KINDS)}`;
  }
}

function phoneNumber(r: Random, state: string): string {
  const area = r.pick(AREA_CODES[state] ?? [String(r.int(201, 989))]);
  // 555-01xx numbers are reserved for fiction, so no real business is ever dialled.
  const exchange = "555";
  const line = `01${String(r.int(0, 99)).padStart(2, "0")}`;
  switch (r.int(0, 3)) {
    case 0:
      return `(${area}) ${exchange}-${line}`;
    case 1:
      return `${area}-${exchange}-${line}`;
    case 2:
      return `${area}.${exchange}.${line}`;
    default:
      return `${area}${exchange}${line}`;
  }
}

const hour = (h: number) => (h === 12 ? "12 PM" : h > 12 ? `${h - 12} PM` : `${h} AM`);

function workingHours(r: Random): WorkingHours | null {
  const roll = r.next();
  if (roll < 0.05) return null;
  if (roll < 0.2) return { text: r.pick(HOURS_TEXT) };
  const open = r.int(8, 10);
  const close = r.int(17, 20);
  const weekday = `${hour(open)}-${hour(close)}`;
  const saturday = r.chance(0.7) ? `${hour(10)}-${hour(r.int(14, 17))}` : "Closed";
  const sunday = r.chance(0.2) ? `${hour(11)}-${hour(15)}` : "Closed";
  return Object.fromEntries(DAYS.map((d, i) => [d, i < 5 ? (d === "Monday" && r.chance(0.15) ? "Closed" : weekday) : i === 5 ? saturday : sunday]));
}

/**
 * The category a demo clinic's name suggests (decision 301), most of them "Medical spa". Read
 * from the name rather than drawn, so a seed's other values stay what they were.
 */
function demoCategory(name: string): ClinicCategory {
  if (/Dermatology/.test(name)) return "Dermatology practice";
  if (/Cosmetic Surgery/.test(name)) return "Plastic surgery practice";
  if (/Med(ical)? Spa/.test(name)) return "Medical spa";
  if (/Skin (Clinic|Institute|Care)|Laser|Cosmetic Center/.test(name)) return "Aesthetic clinic";
  return "Medical spa";
}

function businessStatus(r: Random): BusinessStatus {
  const roll = r.next();
  return roll < 0.86 ? "OPERATIONAL" : roll < 0.95 ? "CLOSED_TEMPORARILY" : "PERMANENTLY_CLOSED";
}

/** A point `maxMiles` or less from the centre, uniform over the disc. */
function nearby(r: Random, lat: number, lon: number, maxMiles: number): [number, number] {
  const d = maxMiles * Math.sqrt(r.next());
  const bearing = r.next() * 2 * Math.PI;
  const dLat = (d * Math.cos(bearing)) / 69.05;
  const dLon = (d * Math.sin(bearing)) / (69.17 * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lat + dLat) * 1e6) / 1e6, Math.round((lon + dLon) * 1e6) / 1e6];
}

function nearestZip(zips: ZipCode[], lat: number, lon: number): ZipCode {
  let best = zips[0]!;
  let bestD = Infinity;
  const k = Math.cos((lat * Math.PI) / 180);
  for (const z of zips) {
    const d = (z.latitude - lat) ** 2 + ((z.longitude - lon) * k) ** 2;
    if (d < bestD) {
      bestD = d;
      best = z;
    }
  }
  return best;
}

export interface GenerateOptions {
  count: number;
  seed: number;
  cities: DemoCity[];
  /** `city_slug|slug` pairs already taken by other clinics. */
  taken?: Set<string>;
}

/**
 * Deterministic demo clinics: every city gets one before any gets a second, then the rest
 * are spread by city size; each lies within 4 miles of its city centre.
 */
export function* generateClinics(r: Random, options: GenerateOptions): Generator<DemoClinic> {
  const { cities, count, seed } = options;
  const taken = options.taken ?? new Set<string>();
  const cumulative: number[] = [];
  let total = 0;
  for (const c of cities) cumulative.push((total += c.zips.length));
  const weighted = (): DemoCity => {
    const target = r.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return cities[lo]!;
  };

  for (let i = 0; i < count; i++) {
    const c = i < cities.length ? cities[i]! : weighted();
    const name = clinicName(r, c.city);
    const slug = firstFreeSlug(toClinicSlug(name, c.city), (s) => taken.has(`${c.citySlug}|${s}`));
    taken.add(`${c.citySlug}|${slug}`);

    const [lat, lon] = nearby(r, c.latitude, c.longitude, 4);
    const zip = nearestZip(c.zips, lat, lon);
    const unit = r.int(100, 450);
    const suite = r.chance(0.4) ? r.pick([` Suite ${unit}`, ` Ste ${unit}`, ` #${unit}`]) : "";
    const street = `${r.int(10, 9899)} ${r.pick(STREET_NAMES)} ${r.pick(STREET_TYPES)}${suite}`;
    const hasCoords = !r.chance(0.03);
    const reviewed = !r.chance(0.05);
    const rating = reviewed ? Math.round((r.chance(0.75) ? 4 + r.next() : 3 + r.next()) * 10) / 10 : null;
    const placeId = Array.from({ length: 22 }, () => PLACE_ID_CHARS[r.int(0, PLACE_ID_CHARS.length - 1)]).join("");
    const domain = toLinkSlug(name).replace(/-/g, "").slice(0, 28);
    const hours = workingHours(r);

    // Drawn in this order (site, phone, review count, photo, status) so a seed gives the same clinics as before.
    const site = r.chance(0.94) ? `https://www.${domain}${r.pick([".com", ".com", ".net", "md.com"])}` : null;
    const phone = r.chance(0.95) ? phoneNumber(r, c.state) : null;
    const reviewCount = reviewed ? Math.floor(Math.exp(r.next() * 7)) : 0;
    const photo = r.chance(0.92) ? `https://picsum.photos/seed/${slug}-${c.citySlug}/800/600` : null;
    const status = businessStatus(r);

    yield {
      input: {
        name,
        city: c.city,
        state: c.state,
        slug,
        site,
        phone,
        fullAddress: `${street}, ${c.city}, ${c.state} ${zip.zip}`,
        street,
        postalCode: zip.zip,
        country: "USA",
        latitude: hasCoords ? lat : null,
        longitude: hasCoords ? lon : null,
        // The text a maps export carries ("4.6 (120 reviews)"), read back by the write path.
        reviews: reviewed ? formatReviews(rating, reviewCount) : null,
        photo,
        streetView: hasCoords ? `https://maps.googleapis.com/maps/api/streetview?size=600x400&location=${lat},${lon}` : null,
        workingHours: hours,
        businessStatus: status,
        category: demoCategory(name),
        locationLink: `https://www.google.com/maps/place/?q=place_id:ChIJ${placeId}`,
      },
      sourceKey: `${DEMO_SOURCE_PREFIX}${seed}:${i}`,
    };
  }
}
