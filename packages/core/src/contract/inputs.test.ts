import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  blogPostInputSchema,
  categoryInputSchema,
  cityTextSchema,
  clinicInputSchema,
  contactSchema,
  fieldErrors,
  issuesOf,
  loginSchema,
  newsletterSchema,
  ratingSchema,
  zipCodeSchema,
} from "./inputs.ts";

/** First message per field of a failed parse; {} when it passes. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
}

describe("category (product.md §5)", () => {
  it("requires a name and slug of at least 2 characters", () => {
    expect(errorsOf(categoryInputSchema, { name: "B", slug: "b" })).toEqual({
      name: "Category name must be at least 2 characters.",
      slug: "Slug must be at least 2 characters.",
    });
  });
  it("requires the slug pattern", () => {
    for (const slug of ["Botox", "-botox", "botox-", "bo--tox", "bo tox"]) {
      expect(errorsOf(categoryInputSchema, { name: "Botox", slug }).slug).toBe("Slug must contain only lowercase letters, numbers, and hyphens.");
    }
    expect(categoryInputSchema.parse({ name: " Botox Treatments ", slug: "botox-treatments" })).toEqual({
      name: "Botox Treatments",
      slug: "botox-treatments",
    });
  });
});

describe("blog post (product.md §5)", () => {
  const valid = {
    title: "Botox basics",
    slug: "botox-basics",
    content: "c".repeat(50),
    author: "Botox Near Me Team",
  };
  it("accepts a minimal post with defaults and nulls", () => {
    expect(blogPostInputSchema.parse(valid)).toMatchObject({
      excerpt: null,
      metaTitle: null,
      metaDescription: null,
      keywords: null,
      featuredImage: null,
      categoryId: null,
      estimatedReadTime: null,
      published: false,
      noIndex: false,
    });
  });
  it("has the spec's messages", () => {
    expect(
      errorsOf(blogPostInputSchema, {
        title: "Tiny",
        slug: "ab",
        content: "c".repeat(49),
        author: "A",
        metaDescription: "m".repeat(161),
      }),
    ).toEqual({
      title: "Title must be at least 5 characters.",
      slug: "Slug must be at least 3 characters.",
      content: "Content must be at least 50 characters.",
      author: "Author name must be at least 2 characters.",
      metaDescription: "Meta description should be at most 160 characters for SEO best practices.",
    });
    expect(errorsOf(blogPostInputSchema, { ...valid, slug: "Bad Slug" }).slug).toBe("Slug must contain only lowercase letters, numbers, and hyphens.");
  });
  it("converts categoryId and estimatedReadTime from text, empty or 'uncategorized' to null", () => {
    const p = blogPostInputSchema.parse({ ...valid, categoryId: "3", estimatedReadTime: "7" });
    expect(p.categoryId).toBe(3);
    expect(p.estimatedReadTime).toBe(7);
    expect(blogPostInputSchema.parse({ ...valid, categoryId: "uncategorized", estimatedReadTime: "" })).toMatchObject({
      categoryId: null,
      estimatedReadTime: null,
    });
  });
  it("allows a meta description of exactly 160 and checks the image URL", () => {
    expect(blogPostInputSchema.safeParse({ ...valid, metaDescription: "m".repeat(160) }).success).toBe(true);
    expect(blogPostInputSchema.safeParse({ ...valid, featuredImage: "/uploads/a.webp" }).success).toBe(true);
    expect(errorsOf(blogPostInputSchema, { ...valid, featuredImage: "javascript:alert(1)" }).featuredImage).toBe("Please enter a valid URL");
  });
});

describe("clinic form (product.md §5)", () => {
  it("requires name, city and state with the spec's messages", () => {
    expect(errorsOf(clinicInputSchema, {})).toMatchObject({
      name: "Name is required",
      city: "City is required",
      state: "State is required",
    });
    expect(errorsOf(clinicInputSchema, { name: " ", city: "", state: "" })).toMatchObject({
      name: "Name is required",
      city: "City is required",
      state: "State is required",
    });
  });
  it("requires URLs for website, photo, street view and maps link", () => {
    const bad = { name: "A", city: "B", state: "C", site: "nope", photo: "x y", streetView: "ftp://a", locationLink: "z" };
    expect(errorsOf(clinicInputSchema, bad)).toEqual({
      site: "Please enter a valid URL",
      photo: "Please enter a valid URL",
      streetView: "Please enter a valid URL",
      locationLink: "Please enter a valid URL",
    });
  });
  it("defaults country to USA and status to OPERATIONAL, accepting either case", () => {
    const c = clinicInputSchema.parse({ name: "A", city: "B", state: "C" });
    expect(c.country).toBe("USA");
    expect(c.businessStatus).toBe("OPERATIONAL");
    expect(clinicInputSchema.parse({ name: "A", city: "B", state: "C", businessStatus: "closed_temporarily" }).businessStatus).toBe("CLOSED_TEMPORARILY");
    expect(errorsOf(clinicInputSchema, { name: "A", city: "B", state: "C", businessStatus: "open" }).businessStatus).toBe(
      "Business status must be OPERATIONAL, CLOSED_TEMPORARILY or PERMANENTLY_CLOSED.",
    );
  });
  it("accepts reviews as a number or text and hours as text or an object", () => {
    const base = { name: "A", city: "B", state: "C" };
    expect(clinicInputSchema.safeParse({ ...base, reviews: 4.5, workingHours: "Mon-Fri 9-5" }).success).toBe(true);
    expect(clinicInputSchema.safeParse({ ...base, reviews: "4.5 (126 reviews)", workingHours: { Monday: "9-5" } }).success).toBe(true);
  });
  it("checks coordinates", () => {
    const base = { name: "A", city: "B", state: "C" };
    expect(clinicInputSchema.parse({ ...base, latitude: "40.7", longitude: "" })).toMatchObject({ latitude: 40.7, longitude: null });
    expect(errorsOf(clinicInputSchema, { ...base, latitude: 91, longitude: -181 })).toEqual({
      latitude: "Latitude must be a number between -90 and 90.",
      longitude: "Longitude must be a number between -180 and 180.",
    });
  });
});

describe("login (product.md §5)", () => {
  it("requires both fields with one message", () => {
    const msg = "Please enter both username and password";
    expect(errorsOf(loginSchema, { username: "", password: "" })).toEqual({ username: msg, password: msg });
    expect(errorsOf(loginSchema, {})).toEqual({ username: msg, password: msg });
    expect(loginSchema.safeParse({ username: "admin", password: "x" }).success).toBe(true);
  });
});

describe("newsletter (product.md §5)", () => {
  it("requires an email", () => {
    expect(errorsOf(newsletterSchema, { email: "" }).email).toBe("Please enter your email address.");
    expect(errorsOf(newsletterSchema, {}).email).toBe("Please enter your email address.");
    expect(errorsOf(newsletterSchema, { email: "not-an-email" }).email).toBe("Please enter a valid email address.");
  });
  it("sends optional first name and ZIP as null when empty", () => {
    expect(newsletterSchema.parse({ email: " a@b.co ", zipCode: "", firstName: "  " })).toEqual({
      email: "a@b.co",
      zipCode: null,
      firstName: null,
    });
    expect(newsletterSchema.parse({ email: "a@b.co", zipCode: "10001", firstName: "Ann" })).toMatchObject({ zipCode: "10001" });
    expect(errorsOf(newsletterSchema, { email: "a@b.co", zipCode: "123456" }).zipCode).toBe("ZIP code must be exactly 5 digits.");
  });
});

describe("contact (product.md §5)", () => {
  it("requires name, email and message; email valid; subject optional", () => {
    expect(errorsOf(contactSchema, { name: "", email: "", message: "" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
    expect(errorsOf(contactSchema, { name: "A", email: "bad", message: "Hi" }).email).toBe("Please enter a valid email address.");
    expect(contactSchema.parse({ name: "A", email: "a@b.co", message: "Hi", subject: "" }).subject).toBeNull();
    expect(contactSchema.parse({ name: "A", email: "a@b.co", message: "Hi", subject: "List My Clinic" }).subject).toBe("List My Clinic");
    expect(contactSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi", subject: "Spam" }).success).toBe(false);
  });
});

describe("rating (product.md §5)", () => {
  it("requires an emoji of the five", () => {
    expect(errorsOf(ratingSchema, {}).emoji).toBe("Please choose an emoji.");
    expect(errorsOf(ratingSchema, { emoji: "wink" }).emoji).toBe("Please choose an emoji.");
    for (const emoji of ["love-eyes", "smile", "neutral", "sad", "angry"]) {
      expect(ratingSchema.safeParse({ emoji }).success).toBe(true);
    }
  });
  it("trims the comment and turns empty into null", () => {
    expect(ratingSchema.parse({ emoji: "smile", comment: "  nice  " }).comment).toBe("nice");
    expect(ratingSchema.parse({ emoji: "smile", comment: "   " }).comment).toBeNull();
    expect(ratingSchema.parse({ emoji: "smile" }).comment).toBeNull();
    expect(errorsOf(ratingSchema, { emoji: "smile", comment: "x".repeat(1001) }).comment).toBe("Comment must be at most 1000 characters.");
  });
});

describe("search (product.md §5)", () => {
  it("ZIP is exactly five digits; city text at least 2 characters after trimming", () => {
    expect(zipCodeSchema.parse(" 10001 ")).toBe("10001");
    expect(zipCodeSchema.safeParse("1000").error?.issues[0]?.message).toBe("ZIP code must be exactly 5 digits.");
    expect(cityTextSchema.parse(" LA ")).toBe("LA");
    expect(cityTextSchema.safeParse(" a ").error?.issues[0]?.message).toBe("City must be at least 2 characters.");
  });
});

describe("issuesOf", () => {
  it("lists path and message", () => {
    const r = categoryInputSchema.safeParse({ name: "x", slug: "ok-slug" });
    expect(r.success).toBe(false);
    expect(issuesOf(r.error!)).toEqual([{ path: "name", message: "Category name must be at least 2 characters." }]);
  });
});
