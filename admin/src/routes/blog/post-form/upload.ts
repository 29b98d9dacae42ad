import { MSG, type ApiClient, type UploadResponse } from "@botox/core";

/** The upload call of product.md §4 (`POST /upload/blog-image`, field `image`): the stored file's URL. */
export async function uploadBlogImage(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  // null when the answer had no JSON body (the client resolves such writes to null).
  const res: UploadResponse | null = await api.send("POST", "/upload/blog-image", form);
  if (!res?.url) throw new Error(MSG.blog.upload);
  return res.url;
}
