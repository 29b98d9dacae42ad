/**
 * Every user-facing text of product.md §5 and §8, verbatim. Screens and the API import these.
 * Each section is its own constant, and `MSG` gathers them: the site's islands import the
 * sections they show (`CLAIM_MSG`, `SEARCH_MSG`, …) so their bundles never carry the team's
 * and owners' texts (a bundler keeps a whole object, never part of one).
 */
import { CLINIC_CATEGORIES } from "./clinic-category.ts";

export const SEARCH_MSG = {
  nearbyEmpty: "No providers found in your area. Try searching by ZIP code above.",
  /** The note under the nearby list: the number of providers it lists (at most 50), so it agrees with the count above. */
  closestNote: (count: number) => `Showing the closest ${count} ${count === 1 ? "provider" : "providers"}. Use ZIP search for more.`,
  citiesNear: (city: string, state: string) => `Showing cities near ${city}, ${state}`,
  citiesFallback: "Using popular cities (geolocation unavailable)",
  locationFallback: "Unable to detect your location. Showing popular clinics instead.",
  cityError: "Error loading clinics. Please try again.",
  cityEmpty: (city: string) => `No clinics found in ${city} matching your criteria.`,
  cityEmptyHint: "Try adjusting your filters or search query.",
  zipEmpty: (zip: string) => `No Clinics Found in ${zip}`,
  zipSearchDifferent: "Search Different Location",
  zipExpand: "Expand Search to 50 Miles",
  invalidZip: "ZIP code must be exactly 5 digits.",
  invalidCity: "City must be at least 2 characters.",
  emptyQuery: "Type a city, a ZIP code, a treatment such as Botox, Dysport or lip flip, or a clinic's name.",
  brandFilter: (brand: string) => `Showing clinics that post a ${brand} price.`,
} as const;

export const FETCH_MSG = {
  cities: "Failed to fetch cities",
  nearbyClinics: "Failed to fetch nearby clinics",
  nearbyProviders: "Failed to fetch nearby providers",
  geolocation: "All IP geolocation services failed",
  featured: "Failed to load featured clinics",
} as const;

export const NEWSLETTER_FORM_MSG = {
  emailRequiredTitle: "Email required",
  emailRequired: "Please enter your email address.",
  invalidEmail: "Please enter a valid email address.",
  invalidZip: "ZIP code must be exactly 5 digits.",
  errorTitle: "Subscription error",
  error: "We couldn't process your subscription. Please try again.",
  successTitle: "Success!",
  success: "Almost done: check your inbox and click the link we sent to confirm your subscription.",
} as const;

export const CLINIC_MSG = {
  unavailableTitle: "Clinic Information Unavailable",
  unavailable: "We couldn't retrieve information for this clinic at the moment.",
  notFoundTitle: "Clinic Not Found",
  notFound: "We couldn't find this specific clinic in our database. It may have been relocated or is no longer offering Botox treatments.",
} as const;

export const RATING_MSG = {
  errorTitle: "Error",
  error: "Unable to submit your rating. Please try again.",
  errorDefault: "Failed to submit rating",
  successTitle: "Thank you for your feedback!",
  success: "Your rating has been submitted successfully.",
  alreadyRated: "You have already rated this clinic.",
  addressLimit: "Too many ratings for this clinic from your network in the last 30 days.",
  emojiRequired: "Please choose an emoji.",
  commentTooLong: "Comment must be at most 1000 characters.",
} as const;

export const CONTACT_MSG = {
  error: "Failed to send message. Please try again later.",
  sent: "Message Sent!",
  sendAnother: "Send another message",
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  invalidEmail: "Please enter a valid email address.",
  messageRequired: "Message is required",
} as const;

export const BLOG_MSG = {
  fetchPosts: "Failed to fetch blog posts",
  fetchCategories: "Failed to fetch categories",
  postNotFound: "Blog post not found",
  categoryNotFound: "Category not found",
  fetchRecent: "Failed to fetch recent posts",
  postNotFoundScreen: "Blog Post Not Found",
  empty: "No blog posts found",
  fetchPost: "Failed to fetch blog post",
  upload: "Failed to upload image",
} as const;

export const ADMIN_MSG = {
  loadClinics: "Failed to load clinics. Please try again.",
  deleteClinic: "Failed to delete clinic. Please try again.",
  saveClinic: "Failed to save clinic. Please try again.",
  invalidLogin: "Invalid username or password",
  loginRequired: "Please enter both username and password",
  loginThrottled: "Too many failed login attempts. Please try again later.",
  stats: "Error loading stats",
  loadClinic: "Error Loading Clinic",
  clinicNotFound: "Clinic Not Found",
  postCreatedTitle: "Blog post created",
  postCreated: "Your blog post has been successfully created.",
  postCreateError: "Failed to create blog post. Please try again.",
  postUpdatedTitle: "Blog post updated",
  postUpdated: "Your blog post has been successfully updated.",
  postUpdateError: "Failed to update blog post. Please try again.",
  imageUploadedTitle: "Image uploaded successfully",
  imageUploaded: "Your image has been uploaded and added to the post.",
  uploadFailedTitle: "Upload failed",
  uploadFailed: "Failed to upload image. Please try again.",
  postDeleted: "Post deleted",
  postDeleteError: "Failed to delete the blog post.",
  postNotFoundTitle: "Blog post not found",
  postNotFound: "The blog post you're looking for doesn't exist or has been deleted.",
  loadingPost: "Loading blog post...",
  createPostTitle: "Create New Blog Post",
  categorySaveError: "Failed to save the category.",
  categoryDeleteError: "Failed to delete the category.",
  categoryUpdatedTitle: "Category updated",
  categoryUpdated: "The category has been successfully updated.",
  categoryCreatedTitle: "Category created",
  categoryCreated: "The category has been successfully created.",
  categoryDeletedTitle: "Category deleted",
  categoryDeleted: "The category has been successfully deleted.",
  categoryDeleteConfirm: "Are you sure you want to delete this category? All posts in this category will be uncategorized.",
  loadingCategories: "Loading categories...",
  noCategories: "No categories found",
  noCategoriesHint: "Create your first category using the form.",
  errorTitle: "Error",
} as const;

export const VALIDATION_MSG = {
  workingHours: "Working hours must be text, or an object of day to hours text.",
  workingHoursUnreadable:
    "Working hours could not be read, so open-now would be lost. Set them day by day, or save them as free text on purpose (workingHoursAsText: true).",
  nameRequired: "Name is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  invalidUrl: "Please enter a valid URL",
  categoryName: "Category name must be at least 2 characters.",
  categorySlugMin: "Slug must be at least 2 characters.",
  slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens.",
  slugTooLong: "Slug must be at most 200 characters.",
  postTitle: "Title must be at least 5 characters.",
  postSlugMin: "Slug must be at least 3 characters.",
  postContent: "Content must be at least 50 characters.",
  metaDescription: "Meta description should be at most 160 characters for SEO best practices.",
  author: "Author name must be at least 2 characters.",
  imageTypeTitle: "Invalid file type",
  imageType: "Please select a JPEG, PNG, GIF, or WebP image file.",
  imageSizeTitle: "File too large",
  imageSize: "Please select an image smaller than 5MB.",
  invalidStatus: "Business status must be OPERATIONAL, CLOSED_TEMPORARILY or PERMANENTLY_CLOSED.",
  invalidCategory: `Category must be one of: ${CLINIC_CATEGORIES.join(", ")} (or empty when unknown).`,
  latitude: "Latitude must be a number between -90 and 90.",
  longitude: "Longitude must be a number between -180 and 180.",
} as const;

export const OWNER_MSG = {
  emailRequired: "Please enter a valid email address.",
  signInLinkSent: "If this address manages a listing, a sign-in link is on its way. It is valid for 15 minutes.",
  linkInvalid: "This sign-in link is not valid. Ask for a new one.",
  linkUsed: "This sign-in link was already used. Ask for a new one.",
  linkExpired: "This sign-in link has expired (links are valid for 15 minutes). Ask for a new one.",
  teamOnly: "This is for the listing team only; clinic owners cannot use it.",
  ownersOnly: "This is for clinic owners; sign in with the link we email you.",
  heldNote: (email: string) => `From the owner (${email})`,
  priceStatus: "A price's status is set by the listing team; leave status out.",
  priceSource: "Prices you enter are the clinic's own: source must be clinic (or left out).",
  passwordRequired: "Please enter your email address and password.",
  passwordTooShort: "Use a password of at least 12 characters.",
  passwordTooLong: "Use a password of at most 1,000 characters.",
  invalidPasswordLogin: "Invalid email or password.",
  currentPasswordWrong: "Your current password is not right.",
  secondFactorNeeded: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  secondFactorFormat: "Enter the 6-digit code from your authenticator app, or a recovery code (10 letters and digits).",
  secondFactorWrong: "That code is not right. Check your authenticator app's clock, or use a recovery code.",
  secondFactorExpired: "The sign-in took too long or had too many wrong codes. Sign in again.",
  totpNotSetUp: "Set up the authenticator app first.",
  totpAlreadyOn: "Two-step sign-in is already on.",
  totpOff: "Two-step sign-in is not on.",
  priceNotOwn:
    "Only the clinic's own prices (source clinic) can be changed or removed here; this one came from another source. Add your own price, or ask the listing team.",
  /** PATCH /clinics/{id}: a field no one may change there (strict body). */
  patchUnknownField:
    "Only name, phone, website, address, category, hours, business status, description and booking link can be changed here; ask the listing team for anything else.",
  patchNoChange: "Send at least one change.",
  descriptionTooLong: (max: number) => `The description is too long (at most ${max.toLocaleString("en-US")} characters).`,
  sentToTeam: (fields: string) => `Sent to the team: ${fields}. They will check it before it appears on the page.`,
  bookOnline: "Book online",
} as const;

/** A clinic's photos (decision 283). */
export const PHOTOS_MSG = {
  altRequired: "Describe the photo in a few words (alt text) for visitors who cannot see it.",
  altTooLong: (max: number) => `The photo description is too long (at most ${max} characters).`,
  tooMany: (max: number) => `A clinic can have at most ${max} photos. Remove one before adding another.`,
  notFound: "Photo not found.",
  orderIds: "Send the photos' order as a list of photo ids (ids).",
  orderMismatch: "The order must list each of the clinic's photos exactly once. Reload the page and try again.",
} as const;

export const CO_OWNERS_MSG = {
  unknownField: "An invitation takes email only.",
  alreadyOwner: "This address already manages the listing.",
  tooManyInvites: "You have sent the most invitations allowed today (10). Please try again tomorrow.",
  lastOwner:
    "You are the listing's only owner, so you cannot leave it or be removed. Invite a successor first and remove yourself once they accept, or ask the listing team.",
  notAnOwner: "This person does not manage the listing.",
  inviteInvalid: "This invitation link is not valid. Ask an owner of the listing to invite you again.",
  inviteUsed: "This invitation was already used. Sign in with a link to your address instead.",
  inviteExpired: "This invitation has expired (invitations are valid for 7 days). Ask an owner of the listing to invite you again.",
  invited: (email: string) => `Invitation sent to ${email}. It is valid for 7 days.`,
} as const;

export const CLAIM_MSG = {
  nameRequired: "Please enter your name.",
  roleRequired: "Please enter your role at the clinic.",
  unknownField: "A claim takes email, name, role, note and npi only.",
  npi: "The NPI must be the clinic's 10-digit National Provider Identifier (check the digits).",
  noNpi: "This claim gave no organisation NPI.",
  evidenceToken: "This upload link is not valid or has expired. Send the claim again to add a document.",
  evidenceMissing: "This claim has no document.",
  evidenceFailed: (reason: string) => `Your claim was sent, but the document was not: ${reason}`,
  clinicNotFound: "Clinic not found.",
  notFound: "Claim not found.",
  alreadyOpen: "You already have an open claim for this clinic. Enter the code we mailed you, or wait for the team's answer.",
  tooMany: "Too many claims today. Please try again tomorrow.",
  codeFormat: "Enter the 6-digit code from the email.",
  codeWrong: (left: number) => `That code is not right. ${left === 1 ? "1 try left" : `${left} tries left`}.`,
  codeExpired: "This code has expired. Claim the listing again to get a new one.",
  codeTooManyTries: "Too many wrong codes. Claim the listing again to get a new code.",
  notWaitingForCode: "This claim is not waiting for a code.",
  statusFilter: "Status must be code-sent, pending-review, contested, verified or rejected.",
  decision: "Status must be verified or rejected.",
  alreadyDecided: "This claim was already decided.",
  objectionRequired: "Please say why you object to this claim (up to 1,000 characters).",
  objectionUnknownField: "An objection takes reason only.",
  objectionClosed: (endedAt: string) =>
    `The time to object to this claim ended on ${endedAt}. It can no longer be objected to here; please write to the listing team.`,
  objectionNotOpen: "This claim is not waiting for objections (it was already decided, or another owner already objected).",
  contested: (until: string) =>
    `Your code is right. This listing already has owners: they have until ${until} to object. If none does, you will manage it then, and we will email you.`,
  // The site's claim form.
  prompt: "Is this your clinic?",
  action: "Claim it",
  managed: "Listing managed by the clinic",
  codeSent: (email: string) => `We emailed a 6-digit code to ${email}. Enter it here within 15 minutes.`,
  review: "Thank you. Our team will check your claim and email you the answer.",
  verified: "Done: you manage this listing now. Sign in to your owner workspace any time with a link to this address.",
  error: "Your claim could not be sent. Please try again.",
} as const;

export const EVENTS_MSG = {
  clinicId: "clinicId must be a clinic's id (a whole number above 0).",
  type: "type must be one of view, call, website, directions, booking, deal-view.",
  weeks: "weeks must be a whole number from 1 to 52.",
  bodyType: "Send the event as JSON, with Content-Type text/plain or application/json.",
} as const;

export const API_MSG = {
  unauthorized: "Authentication required",
  forbiddenOrigin: "Request origin not allowed",
  notFound: "Not found",
  rateLimited: "Too many requests. Please try again later.",
  databaseUnavailable: "The database is unavailable. Please try again shortly.",
  payloadTooLarge: "Request body too large",
  lengthRequired: "Uploads must declare their size (Content-Length).",
  uploadsBusy: "Too many uploads in progress. Please try again in a moment.",
  unsupportedMediaType: "Unsupported content type",
  invalidInput: "Invalid input",
  internal: "Something went wrong. Please try again.",
  clinicSlugTaken: "A clinic with this slug already exists in this city.",
  /** A new clinic that repeats one we have (same phone, or same name and address); the admin may save it anyway. */
  likelyDuplicateClinic: (clinics: string) => `This looks like a clinic we already have: ${clinics}. Check it, or save anyway.`,
  postSlugTaken: "A blog post with this slug already exists.",
  categorySlugTaken: "A category with this slug already exists.",
  invalidJson: "Request body must be valid JSON.",
  bodyNotObject: "The request body must be a JSON object with the fields of this request.",
  unknownQuery: (names: readonly string[], known: readonly string[]) =>
    `Unknown query parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}. ${known.length ? `This address takes ${known.join(", ")}.` : "This address takes no query parameters."}`,
  repeatedQuery: (name: string) => `The query parameter ${name} was given more than once; give it once.`,
} as const;

export const MSG = {
  search: SEARCH_MSG,
  fetch: FETCH_MSG,
  newsletter: NEWSLETTER_FORM_MSG,
  clinic: CLINIC_MSG,
  rating: RATING_MSG,
  contact: CONTACT_MSG,
  blog: BLOG_MSG,
  admin: ADMIN_MSG,
  validation: VALIDATION_MSG,
  owner: OWNER_MSG,
  photos: PHOTOS_MSG,
  coOwners: CO_OWNERS_MSG,
  claim: CLAIM_MSG,
  events: EVENTS_MSG,
  api: API_MSG,
} as const;
