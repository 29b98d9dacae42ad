/**
 * The package's public surface: exactly what the other packages import, each name listed
 * (decision 292), so knip sees an export that nothing outside uses. Test helpers are under
 * `@botox/db/testing`; the site's build reads through `@botox/db/site`.
 */
export * as schema from "./schema/schema.ts";
export {
  clinics,
  zipCodes,
  ratings,
  newsletterSubscriptions,
  blogCategories,
  blogPosts,
  adminUsers,
  sessions,
  contactMessages,
  clinicPrices,
  priceReports,
  clinicDeals,
  clinicStaff,
} from "./schema/schema.ts";
export { connect, type Database, type DbHandle, type Sql } from "./connection/client.ts";
export { openDatabase, type OpenedDatabase } from "./connection/open.ts";
export { runMigrations } from "./connection/migrate.ts";
export { embeddedAppSecret, startEmbeddedServer, type EmbeddedServer } from "./connection/embedded.ts";
export { readDbEnv } from "./connection/env.ts";
export { repoRoot, defaultDataDir } from "./connection/paths.ts";
export { hashPassword, verifyPassword } from "./accounts/password.ts";
export { ClinicFragments, EncodedJson } from "./queries/clinic-fragments.ts";
export { LocatedPlaces } from "./queries/located-places.ts";
export { oldestCountingDay } from "./queries/price-filters.ts";
export { deriveClinicColumns, fillFallbackTimeZones } from "./schema/clinic-derived.ts";
export { toClinicRow, type ClinicRow } from "./schema/clinic-row.ts";
export { slugConflictOf, type SlugOwner } from "./schema/slug-conflict.ts";
export {
  driverOf,
  insertContentChange,
  latestContentChangeId,
  clinicFacts,
  clinicsOfChanges,
  type DbExecutor,
  type ContentChange,
  type ClinicFacts,
} from "./queries/content-changes.ts";
export {
  findAdminByUsername,
  insertSession,
  findSessionWithUser,
  updateSessionExpiry,
  deleteSession,
  deleteExpiredSessions,
  type SessionPrincipal,
} from "./queries/sessions.ts";
export {
  listAdminClinics,
  findLikelyDuplicateClinics,
  findAdminClinicById,
  insertClinic,
  updateClinic,
  updateClinicOwnText,
  deleteClinic,
} from "./queries/admin-clinics.ts";
export {
  listPosts,
  findPublishedPostBySlug,
  listRecentPosts,
  findPostById,
  findPostRowById,
  insertPost,
  updatePost,
  deletePost,
  listCategories,
  findCategoryById,
  insertCategory,
  updateCategory,
  deleteCategory,
  type PostValues,
  type PostRow,
} from "./queries/blog.ts";
export { insertContactMessage, listContactMessages, markContactMessage } from "./queries/contact.ts";
export { parseCitySlug, findPopularCities, findNearestCities, findCityCentre } from "./queries/cities.ts";
export { lookupSearchText, clinicNamesForSearch } from "./queries/search-lookup.ts";
export { listClinicsNear, listClinicsNearEncoded } from "./queries/nearby.ts";
export { findZipOrigin, searchClinicsNearZip, type KnownTotal } from "./queries/zip-search.ts";
export { searchClinicsInCity } from "./queries/city-search.ts";
export { findClinicBySlugOrId, findClinicTextBySlugOrId } from "./queries/clinic-by-slug.ts";
export type { LocatedFilters } from "./queries/listing-filters.ts";
export { readDashboardCounts, type DashboardCounts } from "./queries/admin-counts.ts";
export { countListingEvents, listingEventWeeks, type ListingEventCount } from "./queries/listing-events.ts";
export { clinicExists, insertRating, hasRated, ratingStats, ratingSummaries, ratingNetworkCounts } from "./queries/ratings.ts";
export { priceRow, insertPrice, findPrice, updatePrice, deletePrice, listClinicPrices, type PriceValues } from "./queries/clinic-prices.ts";
export { priceIndexInCity, priceIndexNearZip, priceIndexNear } from "./queries/price-index.ts";
export { searchClinicsNearZipByPrice } from "./queries/zip-search-by-price.ts";
export { insertPriceReport, listPriceReports, reviewPriceReport } from "./queries/price-reports.ts";
export {
  insertDeal,
  findDeal,
  updateDeal,
  deleteDeal,
  listClinicDeals,
  runningDealsInCity,
  runningDealsNear,
  type DealValues,
  type RunningDeal,
} from "./queries/deals.ts";
export { staffRow, insertStaff, findStaff, updateStaff, deleteStaff, listClinicStaff, withVerifiedStaff, type StaffValues } from "./queries/staff.ts";
export { listClinicPhotos, insertClinicPhoto, deleteClinicPhoto, reorderClinicPhotos } from "./queries/clinic-photos.ts";
export { bookingLinkStateOf, claimDueBookingLinks, recordBookingLinkCheck, type DueBookingLink } from "./queries/booking-link-checks.ts";
export { withPriceReportContext } from "./queries/price-report-context.ts";
export { insertSuggestion, listSuggestions, decideSuggestion } from "./queries/suggestions.ts";
export { setAuditActor, listClinicAudit, type AuditActor } from "./queries/clinic-audit.ts";
export {
  databaseOn,
  sessionsAreDistinct,
  tryPublishLock,
  releasePublishLock,
  failInterruptedBuilds,
  backgroundBuildRunning,
  sendBuildToBackground,
  bringBuildToForeground,
  runningBuildIds,
  publishedWatermark,
  changesAndQueue,
  afterBuildState,
  contentBuildNeeded,
  claimBuild,
  absorbQueuedBuilds,
  withdrawBuild,
  enqueueBuild,
  recordBuildProgress,
  finishBuild,
  recentSucceededBuildIds,
  findPublishBuild,
  markBuildLive,
  listPublishBuilds,
  findLiveBuild,
  hasUnpublishedChanges,
  type PublishBuildListRow,
  PUBLISH_LOCK_KEYS,
  type BuildRetryPolicy,
  DEFAULT_BUILD_RETRY,
} from "./queries/publish-builds.ts";
