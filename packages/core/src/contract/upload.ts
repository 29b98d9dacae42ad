/** POST /upload/blog-image: an image stored for a blog post. */
import { z } from "zod";

export const uploadResponseSchema = z.object({
  url: z.string(),
  ogUrl: z.string().optional().describe("1200x630 variant for social cards"),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
