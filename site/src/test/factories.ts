/** Minimal rows for unit tests. */
import type { BlogCategory, BlogPost, Clinic } from "@botox/core/contract";
import { openHoursOf } from "@botox/core/hours";

let nextId = 1;

export function makeClinic(over: Partial<Clinic> = {}): Clinic {
  const id = over.id ?? nextId++;
  return {
    id,
    name: `Clinic ${id}`,
    slug: `clinic-${id}`,
    site: null,
    url: null,
    phone: null,
    fullAddress: `${id} Main St`,
    street: `${id} Main St`,
    city: "New York",
    citySlug: "new-york",
    state: "NY",
    postalCode: "10001",
    country: "USA",
    latitude: 40.75,
    longitude: -74,
    reviews: "4.5 (10 reviews)",
    rating: 4.5,
    reviewCount: 10,
    photo: null,
    streetView: null,
    workingHours: null,
    businessStatus: "OPERATIONAL",
    category: null,
    locationLink: null,
    timeZone: "America/New_York",
    lastVerifiedOn: null,
    claimed: false,
    bookingUrl: null,
    description: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
    ...over,
    // As the API's serializer does: the hours parsed on the server.
    openHours: over.openHours !== undefined ? over.openHours : openHoursOf(over.workingHours ?? null),
  };
}

export function makePost(over: Partial<BlogPost> = {}): BlogPost {
  const id = over.id ?? nextId++;
  return {
    id,
    title: `Post ${id}`,
    slug: `post-${id}`,
    content: "<p>Text</p>",
    excerpt: null,
    author: "Botox Near Me Team",
    featuredImage: null,
    publishedAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-03T00:00:00.000Z",
    createdAt: "2026-01-01T00:00:00.000Z",
    published: true,
    categoryId: null,
    category: null,
    metaTitle: null,
    metaDescription: null,
    keywords: null,
    noIndex: false,
    estimatedReadTime: null,
    ...over,
  };
}

export function makeCategory(over: Partial<BlogCategory> = {}): BlogCategory {
  const id = over.id ?? nextId++;
  return { id, name: `Category ${id}`, slug: `category-${id}`, ...over };
}
