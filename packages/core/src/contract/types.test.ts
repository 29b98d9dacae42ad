import { describe, expect, expectTypeOf, it } from "vitest";
import {
  API_PREFIX,
  apiBaseUrl,
  type AdminClinicsQuery,
  type BlogListResponse,
  type BlogPost,
  type BlogPostsQuery,
  type City,
  type Clinic,
  type ClinicListResponse,
  type HasRatedResponse,
  type NearbyProvidersResponse,
  type OkResponse,
  type RatingStat,
  type RecentPostsQuery,
  type Stats,
  type UploadResponse,
  type ZipSearchResponse,
} from "./types.ts";
import type { ClinicBySlugQuery, ClinicsByCityQuery, NearbyClinicsBody, ZipSearchQuery } from "./queries.ts";
import { buildQuery, type QueryParams } from "../http.ts";
import type { BlogPostInput, CategoryInput, ContactInput, LoginInput, NewsletterInput, RatingInput } from "./inputs.ts";

// The contract of product.md §3 and §7, checked by the type checker (this file is typechecked).
describe("request and response types of product.md §7", () => {
  it("live under /api/v1", () => {
    expect(API_PREFIX).toBe("/api/v1");
    expect(apiBaseUrl({ host: "localhost", port: 9100 })).toBe("http://localhost:9100/api/v1");
  });

  it("carry every clinic field of product.md §3", () => {
    expectTypeOf<Clinic>().toHaveProperty("id").toEqualTypeOf<number>();
    expectTypeOf<Clinic>().toHaveProperty("url").toEqualTypeOf<string | null>();
    expectTypeOf<Clinic>().toHaveProperty("businessStatus").toEqualTypeOf<"OPERATIONAL" | "CLOSED_TEMPORARILY" | "PERMANENTLY_CLOSED">();
    expectTypeOf<Clinic>().toHaveProperty("_distance").toEqualTypeOf<number | undefined>();
    const fields = [
      "id",
      "name",
      "slug",
      "site",
      "url",
      "phone",
      "fullAddress",
      "street",
      "city",
      "state",
      "postalCode",
      "country",
      "latitude",
      "longitude",
      "reviews",
      "photo",
      "streetView",
      "workingHours",
      "businessStatus",
      "locationLink",
      "createdAt",
    ] as const satisfies readonly (keyof Clinic)[];
    expect(fields).toHaveLength(21);
  });

  it("shape the list answers as the spec's clients read them", () => {
    expectTypeOf<ClinicListResponse>().toHaveProperty("clinics").toEqualTypeOf<Clinic[]>();
    expectTypeOf<ClinicListResponse["pagination"]>().toHaveProperty("totalItems").toEqualTypeOf<number>();
    expectTypeOf<ClinicListResponse["pagination"]>().toHaveProperty("itemsPerPage").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("totalCount").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("itemsPerPage").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("currentPage").toEqualTypeOf<number>();
    expectTypeOf<BlogListResponse>().toHaveProperty("posts").toEqualTypeOf<BlogPost[]>();
    expectTypeOf<BlogListResponse["pagination"]>().toEqualTypeOf<{ total: number; limit: number; page: number; totalPages: number }>();
    expectTypeOf<NearbyProvidersResponse>().toHaveProperty("providers").toEqualTypeOf<Clinic[]>();
    expectTypeOf<NearbyProvidersResponse>().toHaveProperty("searchRadius").toEqualTypeOf<number>();
    expectTypeOf<City>().toHaveProperty("count").toEqualTypeOf<number>();
    expectTypeOf<City>().toHaveProperty("distance").toEqualTypeOf<number | undefined>();
  });

  it("shape the single answers", () => {
    expectTypeOf<HasRatedResponse>().toEqualTypeOf<{ hasRated: boolean }>();
    expectTypeOf<RatingStat>().toHaveProperty("count").toEqualTypeOf<number>();
    expectTypeOf<Stats>().toHaveProperty("totalClinics").toEqualTypeOf<number>();
    expectTypeOf<Stats>().toHaveProperty("apiVersion").toEqualTypeOf<string>();
    expectTypeOf<UploadResponse>().toHaveProperty("url").toEqualTypeOf<string>();
    expectTypeOf<OkResponse>().toEqualTypeOf<{ ok: true }>();
    expectTypeOf<BlogPost>().toHaveProperty("categoryId").toEqualTypeOf<number | null>();
    expectTypeOf<BlogPost>().toHaveProperty("estimatedReadTime").toEqualTypeOf<number | null>();
  });

  it("type the bodies with the validation schemas", () => {
    expectTypeOf<NewsletterInput>().toEqualTypeOf<{ email: string; zipCode: string | null; firstName: string | null }>();
    expectTypeOf<LoginInput>().toEqualTypeOf<{ username: string; password: string }>();
    expectTypeOf<CategoryInput>().toEqualTypeOf<{ name: string; slug: string }>();
    expectTypeOf<RatingInput>().toHaveProperty("comment").toEqualTypeOf<string | null>();
    expectTypeOf<ContactInput>()
      .toHaveProperty("subject")
      .toEqualTypeOf<"General Inquiry" | "Clinic Information" | "List My Clinic" | "Report an Issue" | "Other" | null>();
    expectTypeOf<BlogPostInput>().toHaveProperty("categoryId").toEqualTypeOf<number | null>();
    expectTypeOf<NearbyClinicsBody>().toEqualTypeOf<{ latitude: number; longitude: number; radius: number; openNow: boolean }>();
  });

  it("let every query type travel through the shared request helper", () => {
    expectTypeOf<AdminClinicsQuery>().toExtend<QueryParams>();
    expectTypeOf<BlogPostsQuery>().toExtend<QueryParams>();
    expectTypeOf<RecentPostsQuery>().toExtend<QueryParams>();
    expectTypeOf<ZipSearchQuery>().toExtend<QueryParams>();
    expectTypeOf<ClinicsByCityQuery>().toExtend<QueryParams>();
    expectTypeOf<ClinicBySlugQuery>().toExtend<QueryParams>();
    const site: BlogPostsQuery = { page: 2, limit: 6, publishedOnly: true, categoryId: null };
    expect(buildQuery(site)).toBe("?page=2&limit=6&publishedOnly=true");
    const admin: AdminClinicsQuery = { page: 1, limit: 10, query: "glow", businessStatus: "operational" };
    expect(buildQuery(admin)).toBe("?page=1&limit=10&query=glow&businessStatus=operational");
  });
});
