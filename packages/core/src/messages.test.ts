import { describe, expect, it } from "vitest";
import { MSG } from "./messages.ts";

// The spec's texts, verbatim (product.md §2, §4, §5, §8). A typo here is a visible product defect.
describe("spec messages", () => {
  it("search and lists (§2.5, §4, §8)", () => {
    expect(MSG.search.nearbyEmpty).toBe("No providers found in your area. Try searching by ZIP code above.");
    expect(MSG.search.citiesNear("Boston", "MA")).toBe("Showing cities near Boston, MA");
    expect(MSG.search.citiesFallback).toBe("Using popular cities (geolocation unavailable)");
    expect(MSG.search.locationFallback).toBe("Unable to detect your location. Showing popular clinics instead.");
    expect(MSG.search.cityError).toBe("Error loading clinics. Please try again.");
    expect(MSG.search.cityEmpty("Miami")).toBe("No clinics found in Miami matching your criteria.");
    expect(MSG.search.cityEmptyHint).toBe("Try adjusting your filters or search query.");
    expect(MSG.search.zipEmpty("10001")).toBe("No Clinics Found in 10001");
    expect(MSG.search.zipSearchDifferent).toBe("Search Different Location");
    expect(MSG.search.zipExpand).toBe("Expand Search to 50 Miles");
  });
  it("fetch errors (§8)", () => {
    expect(MSG.fetch).toEqual({
      cities: "Failed to fetch cities",
      nearbyClinics: "Failed to fetch nearby clinics",
      nearbyProviders: "Failed to fetch nearby providers",
      geolocation: "All IP geolocation services failed",
      featured: "Failed to load featured clinics",
    });
  });
  it("newsletter (§8)", () => {
    expect(MSG.newsletter).toMatchObject({
      emailRequiredTitle: "Email required",
      emailRequired: "Please enter your email address.",
      errorTitle: "Subscription error",
      error: "We couldn't process your subscription. Please try again.",
      successTitle: "Success!",
      // Double opt-in: the subscription is confirmed from the mail (decision 244).
      success: "Almost done: check your inbox and click the link we sent to confirm your subscription.",
    });
  });
  it("clinic detail (§8)", () => {
    expect(MSG.clinic).toEqual({
      unavailableTitle: "Clinic Information Unavailable",
      unavailable: "We couldn't retrieve information for this clinic at the moment.",
      notFoundTitle: "Clinic Not Found",
      notFound: "We couldn't find this specific clinic in our database. It may have been relocated or is no longer offering Botox treatments.",
    });
  });
  it("rating and contact (§8)", () => {
    expect(MSG.rating).toMatchObject({
      errorTitle: "Error",
      error: "Unable to submit your rating. Please try again.",
      errorDefault: "Failed to submit rating",
      successTitle: "Thank you for your feedback!",
      success: "Your rating has been submitted successfully.",
    });
    expect(MSG.contact.error).toBe("Failed to send message. Please try again later.");
    expect(MSG.contact.sent).toBe("Message Sent!");
    expect(MSG.contact.sendAnother).toBe("Send another message");
  });
  it("blog (§2.12, §7, §8)", () => {
    expect(MSG.blog).toMatchObject({
      fetchPosts: "Failed to fetch blog posts",
      fetchCategories: "Failed to fetch categories",
      postNotFound: "Blog post not found",
      categoryNotFound: "Category not found",
      fetchRecent: "Failed to fetch recent posts",
      postNotFoundScreen: "Blog Post Not Found",
      empty: "No blog posts found",
      fetchPost: "Failed to fetch blog post",
      upload: "Failed to upload image",
    });
  });
  it("admin (§2.13, §8)", () => {
    expect(MSG.admin).toMatchObject({
      loadClinics: "Failed to load clinics. Please try again.",
      deleteClinic: "Failed to delete clinic. Please try again.",
      saveClinic: "Failed to save clinic. Please try again.",
      invalidLogin: "Invalid username or password",
      loginRequired: "Please enter both username and password",
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
    });
  });
  it("validation (§5)", () => {
    expect(MSG.validation).toMatchObject({
      nameRequired: "Name is required",
      cityRequired: "City is required",
      stateRequired: "State is required",
      categoryName: "Category name must be at least 2 characters.",
      categorySlugMin: "Slug must be at least 2 characters.",
      slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens.",
      postTitle: "Title must be at least 5 characters.",
      postSlugMin: "Slug must be at least 3 characters.",
      postContent: "Content must be at least 50 characters.",
      metaDescription: "Meta description should be at most 160 characters for SEO best practices.",
      author: "Author name must be at least 2 characters.",
      imageTypeTitle: "Invalid file type",
      imageType: "Please select a JPEG, PNG, GIF, or WebP image file.",
      imageSizeTitle: "File too large",
      imageSize: "Please select an image smaller than 5MB.",
    });
  });
});
