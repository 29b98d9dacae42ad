import { MSG, type ApiClient, type UploadResponse } from "@botox/core";

/** The upload call of spec §4 (`POST /upload/blog-image`, field `image`): the stored file's URL. */
export async function uploadBlogImage(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  const res = await api.send<UploadResponse | null>("POST", "/upload/blog-image", form);
  if (!res?.url) throw new Error(MSG.blog.upload);
  return res.url;
}
