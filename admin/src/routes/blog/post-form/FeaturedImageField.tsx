import { useEffect, useId, useRef, useState } from "react";
import { MSG, POST_FORM, validateImageFile } from "@botox/core";
import { useApi } from "../../../api/session.tsx";
import { apiAssetUrl } from "../../../env.ts";
import { useToast } from "../../../components/toast.tsx";
import { sessionExpired } from "../../../lib/errors.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { uploadBlogImage } from "./upload.ts";

const canPreview = () => typeof URL.createObjectURL === "function";

/**
 * product.md §4 image upload: choose a file (checked by type and size), a preview shows, Upload
 * posts it ('Uploading...'), the returned URL becomes the featured image; Remove clears the
 * file, the preview and the value. A URL can be typed instead.
 */
export function FeaturedImageField({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const api = useApi();
  const toast = useToast();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [filePreview, setFilePreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!filePreview) return;
    return () => URL.revokeObjectURL(filePreview);
  }, [filePreview]);

  const clearFile = () => {
    setFile(null);
    setFilePreview(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const onPick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = validateImageFile(picked);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      clearFile();
      return;
    }
    setFile(picked);
    setFilePreview(canPreview() ? URL.createObjectURL(picked) : null);
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadBlogImage(api, file));
      clearFile();
      toast({ title: MSG.admin.imageUploadedTitle, description: MSG.admin.imageUploaded });
    } catch (err) {
      if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.uploadFailedTitle, description: MSG.admin.uploadFailed });
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    clearFile();
    onChange("");
  };

  const preview = filePreview ?? (value ? apiAssetUrl(value) : null);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Featured Image</legend>
      <p className="text-xs text-slate-500">
        Ideal size: {POST_FORM.idealImageWidth}x{POST_FORM.idealImageHeight} px. JPEG, PNG, GIF or WebP, at most 5MB.
      </p>
      {preview || file ? (
        <div className="space-y-2">
          {preview ? <img src={preview} alt="Featured image preview" className="aspect-[1200/630] w-full max-w-md rounded-md border object-cover" /> : null}
          {file ? <p className="text-xs text-slate-500">Selected: {file.name}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="cursor-pointer rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">
          Choose image
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={POST_FORM.imageTypes.join(",")}
          className="sr-only"
          aria-label="Featured image file"
          onChange={(e) => onPick(e.target.files?.[0])}
        />
        {file ? (
          <Button variant="primary" onClick={upload} disabled={uploading}>
            {uploading ? "Uploading..." : "Upload"}
          </Button>
        ) : null}
        {file || value ? (
          <Button variant="outline" onClick={remove} disabled={uploading}>
            Remove
          </Button>
        ) : null}
      </div>
      <Field label="Or image URL" error={error}>
        {(p) => <Input {...p} name="featuredImage" placeholder="https://..." value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
    </fieldset>
  );
}
