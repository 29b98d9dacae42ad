/**
 * The API's calls as types, for the typed client (../http.ts): each path and method gives the
 * answer's type (inferred from the zod schemas of each resource's file, the ones the API
 * validates and documents with) and the body's type (the input of the request schema the API
 * validates it with). Type-only: nothing here exists at run time, so the site's islands get
 * the types without loading zod.
 */
import type { z } from "zod";
import type { ClinicPrice, ListedPriceReport, PriceIndex, PriceReport } from "../prices.ts";
import type { Deal, PublicDeal } from "../deals.ts";
import type { ClinicAuditList } from "./audit.ts";
import type { LoginResponse, loginSchema } from "./auth.ts";
import type { BlogCategory, BlogListResponse, BlogPost, blogPostInputSchema, categoryInputSchema } from "./blog.ts";
import type { City } from "./cities.ts";
import type { Clinic, ClinicListResponse, NearbyProvidersResponse, ZipSearchResponse, adminClinicInputSchema, nearbyClinicsBodySchema } from "./clinics.ts";
import type { ContactMark, ContactMessage, ContactResponse, contactSchema } from "./contact.ts";
import type { dealInputSchema, dealPatchSchema } from "./deals.ts";
import type { ListingEventWeeks } from "./events.ts";
import type { HealthResponse } from "./health.ts";
import type { UserLocation } from "./location.ts";
import type { MailMessage, MailMessageList, MailSuppression, MailSuppressionList, mailSuppressionInputSchema } from "./mail.ts";
import type {
  NewsletterConfirmResponse,
  NewsletterDeleteResponse,
  NewsletterPreferences,
  NewsletterResponse,
  NewsletterUnsubscribeResponse,
  PriceAlertResponse,
  newsletterConfirmSchema,
  newsletterPreferencesSchema,
  newsletterSchema,
  priceAlertSchema,
} from "./newsletter.ts";
import type {
  ClaimCreated,
  ClaimList,
  ClaimObjected,
  ClaimRegistry,
  ClaimVerified,
  claimEvidenceStoredSchema,
  claimDecisionSchema,
  claimInputSchema,
  claimObjectionSchema,
  claimVerifySchema,
} from "./claims.ts";
import type {
  ClinicOwnersResponse,
  OwnerInvite,
  OwnerRemoved,
  ownerInviteInputSchema,
  BookingLinkState,
  ClinicPatchHeld,
  clinicPatchSchema,
  OwnerClinicsResponse,
  OwnerRecoveryCodes,
  OwnerSecondFactorNeeded,
  OwnerSecurity,
  OwnerSignInLinkResponse,
  OwnerSignInResponse,
  OwnerTotpSetup,
  ownerPasswordSignInSchema,
  ownerSecondFactorCodeSchema,
  ownerSetPasswordSchema,
  ownerSignInLinkSchema,
  ownerSignInSchema,
} from "./owners.ts";
import type { ListedPrice, priceInputSchema, pricePatchSchema, priceReportCreatedSchema, priceReportInputSchema, priceReportReviewSchema } from "./prices.ts";
import type { PublishStatus, publishQueuedSchema, publishRollbackResponseSchema } from "./publish.ts";
import type { HasRatedResponse, RatingResponse, RatingStat, ratingSchema } from "./ratings.ts";
import type { OkResponse } from "./shared.ts";
import type { ListedStaffMember, NpiLookup, RegistryCheck, staffInputSchema, staffPatchSchema } from "./staff.ts";
import type { SearchLookup } from "./search.ts";
import type { Stats } from "./stats.ts";
import type { Suggestion, SuggestionCreated, SuggestionList, suggestionDecisionSchema, suggestionInputSchema } from "./suggestions.ts";
import type { UploadResponse } from "./upload.ts";
import type { ClinicPhotoCreated, ClinicPhotoList, clinicPhotoOrderSchema } from "./photos.ts";

/** One call: its path pattern, the body it takes (writes) and what it answers. */
interface Call<Path extends string, Response, Body = undefined> {
  path: Path;
  body: Body;
  response: Response;
}

/** Path segments a caller fills in (ids, slugs): any text, as the URL carries them. */
type Seg = string | number;

/**
 * Reads (GET), most specific first: a path is matched against each pattern in turn, so
 * "/blog/posts/recent" is the list of recent posts and not the post with id "recent".
 */
export type ApiGets = [
  Call<"/stats", Stats>,
  Call<"/health", HealthResponse>,
  Call<"/location", UserLocation>,
  Call<"/cities/popular", City[]>,
  Call<"/cities/nearby", City[]>,
  Call<"/zip-search", ZipSearchResponse>,
  Call<"/search/lookup", SearchLookup>,
  Call<"/providers/near-user", NearbyProvidersResponse>,
  Call<`/proxy/clinics-by-city/${Seg}`, ClinicListResponse>,
  Call<`/proxy/clinic/${Seg}`, Clinic>,
  Call<"/clinics/rating-summary", Record<string, RatingStat[]>>,
  Call<`/clinics/${Seg}/has-rated`, HasRatedResponse>,
  Call<`/clinics/${Seg}/rating-stats`, RatingStat[]>,
  Call<`/clinics/${Seg}/prices`, { prices: ListedPrice[] }>,
  Call<`/clinics/${Seg}/audit`, ClinicAuditList>,
  Call<"/price-index", PriceIndex>,
  Call<`/clinics/${Seg}/staff`, { staff: ListedStaffMember[] }>,
  Call<`/clinics/${Seg}/photos`, ClinicPhotoList>,
  Call<`/clinics/${Seg}/booking-link`, BookingLinkState>,
  Call<`/npi/${Seg}`, NpiLookup>,
  Call<"/price-reports", { reports: ListedPriceReport[]; total: number }>,
  Call<"/deals", { deals: PublicDeal[] }>,
  Call<`/clinics/${Seg}/deals`, { deals: Deal[] }>,
  Call<`/clinics/${Seg}/events`, ListingEventWeeks>,
  Call<"/suggestions", SuggestionList>,
  Call<"/blog/posts", BlogListResponse>,
  Call<"/blog/posts/recent", BlogPost[]>,
  Call<`/blog/posts/slug/${Seg}`, BlogPost>,
  Call<`/blog/posts/${Seg}`, BlogPost>,
  Call<"/blog/categories", BlogCategory[]>,
  Call<`/blog/categories/${Seg}`, BlogCategory>,
  Call<"/contact-messages", ContactMessage[]>,
  Call<"/clinics", ClinicListResponse>,
  Call<`/clinics/${Seg}`, Clinic>,
  Call<"/publish/status", PublishStatus>,
  Call<"/newsletter/preferences", NewsletterPreferences>,
  Call<"/mail/messages", MailMessageList>,
  Call<`/mail/messages/${Seg}`, MailMessage>,
  Call<"/mail/suppressions", MailSuppressionList>,
  Call<"/owner/clinics", OwnerClinicsResponse>,
  Call<"/owner/security", OwnerSecurity>,
  Call<`/owner/clinics/${Seg}/owners`, ClinicOwnersResponse>,
  Call<"/claims", ClaimList>,
  Call<`/claims/${Seg}/authorized-official`, ClaimRegistry>,
];

type In<S extends z.ZodType> = z.input<S>;

/**
 * A clinic write: the schema's fields, values checked by the API (the admin's form sends
 * working hours as whatever JSON the admin typed, which the schema then reads).
 */
type ClinicBody = { [K in keyof In<typeof adminClinicInputSchema>]?: unknown };

export interface ApiWrites {
  POST: [
    Call<"/login", LoginResponse, In<typeof loginSchema>>,
    Call<"/logout", OkResponse>,
    Call<"/owner/sign-in-link", OwnerSignInLinkResponse, In<typeof ownerSignInLinkSchema>>,
    Call<"/owner/sign-in", OwnerSignInResponse | OwnerSecondFactorNeeded, In<typeof ownerSignInSchema>>,
    Call<"/owner/sign-in-password", OwnerSignInResponse | OwnerSecondFactorNeeded, In<typeof ownerPasswordSignInSchema>>,
    Call<"/owner/sign-in/second-factor", OwnerSignInResponse, In<typeof ownerSecondFactorCodeSchema>>,
    Call<"/owner/totp/setup", OwnerTotpSetup>,
    Call<"/owner/totp/enable", OwnerRecoveryCodes, In<typeof ownerSecondFactorCodeSchema>>,
    Call<"/owner/totp/disable", OwnerSecurity, In<typeof ownerSecondFactorCodeSchema>>,
    Call<`/clinics/${Seg}/claims`, ClaimCreated, In<typeof claimInputSchema>>,
    Call<`/claims/${Seg}/verify`, ClaimVerified, In<typeof claimVerifySchema>>,
    Call<`/claims/${Seg}/objections`, ClaimObjected, In<typeof claimObjectionSchema>>,
    Call<`/owner/clinics/${Seg}/invites`, { invite: OwnerInvite }, In<typeof ownerInviteInputSchema>>,
    Call<"/owner/invites/accept", OwnerSignInResponse | OwnerSecondFactorNeeded, In<typeof ownerSignInSchema>>,
    Call<"/newsletter/subscribe", NewsletterResponse, In<typeof newsletterSchema>>,
    Call<"/newsletter/confirm", NewsletterConfirmResponse, In<typeof newsletterConfirmSchema>>,
    Call<"/newsletter/unsubscribe", NewsletterUnsubscribeResponse>,
    Call<"/price-alerts", PriceAlertResponse, In<typeof priceAlertSchema>>,
    Call<"/mail/suppressions", { suppression: MailSuppression }, In<typeof mailSuppressionInputSchema>>,
    Call<"/contact", ContactResponse, In<typeof contactSchema>>,
    Call<"/clinics/nearby", Clinic[], In<typeof nearbyClinicsBodySchema>>,
    Call<`/clinics/${Seg}/ratings`, RatingResponse, In<typeof ratingSchema>>,
    Call<`/clinics/${Seg}/price-reports`, z.infer<typeof priceReportCreatedSchema>, In<ReturnType<typeof priceReportInputSchema>>>,
    Call<`/clinics/${Seg}/suggestions`, SuggestionCreated, In<typeof suggestionInputSchema>>,
    Call<`/clinics/${Seg}/prices`, ClinicPrice, In<typeof priceInputSchema>>,
    Call<`/clinics/${Seg}/deals`, { deal: Deal }, In<ReturnType<typeof dealInputSchema>>>,
    Call<`/clinics/${Seg}/staff`, { staff: ListedStaffMember; registryCheck?: RegistryCheck }, In<typeof staffInputSchema>>,
    Call<`/clinics/${Seg}/photos`, ClinicPhotoCreated, FormData>,
    Call<"/clinics", Clinic, ClinicBody>,
    Call<"/blog/posts", BlogPost, In<typeof blogPostInputSchema>>,
    Call<"/blog/categories", BlogCategory, In<typeof categoryInputSchema>>,
    Call<"/upload/blog-image", UploadResponse, FormData>,
    Call<"/upload/claim-evidence", z.infer<typeof claimEvidenceStoredSchema>, FormData>,
    Call<"/publish/rebuild", z.infer<typeof publishQueuedSchema>>,
    Call<`/publish/rollback/${Seg}`, z.infer<typeof publishRollbackResponseSchema>>,
  ];
  PUT: [
    Call<`/clinics/${Seg}/photos/order`, ClinicPhotoList, In<typeof clinicPhotoOrderSchema>>,
    Call<`/clinics/${Seg}`, Clinic, ClinicBody>,
    Call<"/newsletter/preferences", NewsletterPreferences, In<typeof newsletterPreferencesSchema>>,
    Call<"/owner/password", OwnerSecurity, In<typeof ownerSetPasswordSchema>>,
  ];
  PATCH: [
    Call<`/clinics/${Seg}`, Clinic | ClinicPatchHeld, In<typeof clinicPatchSchema>>,
    Call<`/prices/${Seg}`, ClinicPrice, In<typeof pricePatchSchema>>,
    Call<`/staff/${Seg}`, { staff: ListedStaffMember; registryCheck?: RegistryCheck }, In<typeof staffPatchSchema>>,
    Call<`/price-reports/${Seg}`, PriceReport, In<typeof priceReportReviewSchema>>,
    Call<`/deals/${Seg}`, { deal: Deal }, In<typeof dealPatchSchema>>,
    Call<`/suggestions/${Seg}`, Suggestion, In<typeof suggestionDecisionSchema>>,
    Call<`/claims/${Seg}`, ClaimCreated, In<typeof claimDecisionSchema>>,
    // Merged with the stored record and validated whole: any subset of the fields.
    Call<`/blog/posts/${Seg}`, BlogPost, Partial<In<typeof blogPostInputSchema>>>,
    Call<`/blog/categories/${Seg}`, BlogCategory, Partial<In<typeof categoryInputSchema>>>,
    Call<`/contact-messages/${Seg}`, ContactMessage, ContactMark>,
  ];
  DELETE: [
    Call<`/owner/clinics/${Seg}/owners/${Seg}`, OwnerRemoved>,
    Call<`/clinics/${Seg}/owners/${Seg}`, OwnerRemoved>,
    Call<`/clinics/${Seg}`, OkResponse>,
    Call<`/clinic-photos/${Seg}`, OkResponse>,
    Call<`/prices/${Seg}`, OkResponse>,
    Call<`/deals/${Seg}`, OkResponse>,
    Call<`/staff/${Seg}`, OkResponse>,
    Call<`/blog/posts/${Seg}`, OkResponse>,
    Call<`/blog/categories/${Seg}`, OkResponse>,
    Call<"/newsletter/subscription", NewsletterDeleteResponse>,
    Call<"/mail/suppressions", OkResponse>,
  ];
}

type AnyCall = Call<string, unknown, unknown>;

/** The first call whose pattern the path fits. */
type Match<Calls, P extends string> = Calls extends readonly [infer Head extends AnyCall, ...infer Rest]
  ? P extends Head["path"]
    ? Head
    : Match<Rest, P>
  : never;

export type GetPath = ApiGets[number]["path"];
export type GetResponse<P extends GetPath> = Match<ApiGets, P>["response"];

export type WriteMethod = keyof ApiWrites;
export type WritePath<M extends WriteMethod> = ApiWrites[M][number]["path"];
export type WriteBody<M extends WriteMethod, P extends WritePath<M>> = Match<ApiWrites[M], P>["body"];
export type WriteResponse<M extends WriteMethod, P extends WritePath<M>> = Match<ApiWrites[M], P>["response"];
