import { describe, expect, it } from "vitest";
import * as core from "./index.ts";

// Other parts import these by name from "@botox/core": a missing re-export breaks them all.
describe("@botox/core entry point", () => {
  it("re-exports every module's functions", () => {
    const names = [
      "routeForSearch",
      "routeForNearMeSearch",
      "cityPath",
      "zipPath",
      "clinicPath",
      "outboundClinicUrl",
      "nearestCities",
      "isZip",
      "paginationWindow",
      "totalPages",
      "clampNearbyPages",
      "paginate",
      "adSlotAfter",
      "stripHtml",
      "fillPostGaps",
      "estimateReadTime",
      "excerptForDisplay",
      "metaDescriptionForDisplay",
      "suggestKeywords",
      "shouldSuggestKeywords",
      "toggleKeyword",
      "applyKeywords",
      "parseKeywords",
      "seoScore",
      "validateImageFile",
      "sniffImageType",
      "ApiRequestError",
      "createApiClient",
      "errorMessageOf",
      "buildQuery",
      "truncate",
      "workingHoursRows",
      "clinicStructuredData",
      "toLinkSlug",
      "toCategorySlug",
      "toPostSlug",
      "toClinicSlug",
      "formatPhone",
      "formatUsDate",
      "parseJsonObject",
      "normalizeWorkingHours",
      "normalizeBusinessStatus",
      "publicStatusLabel",
      "adminStatusLabel",
      "parseReviews",
      "formatReviews",
      "reviewLabel",
      "distanceMiles",
      "formatMiles",
      "issuesOf",
      "fieldErrors",
    ];
    const exported = core as unknown as Record<string, unknown>;
    for (const name of names) expect(typeof exported[name], name).toBe("function");
    expect(core.BOTOX_KEYWORD_PHRASES.length).toBeGreaterThan(0);
  });
});
