import { Link, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { MSG } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { statusOf } from "../../lib/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { PostForm } from "./post-form/PostForm.tsx";
import { emptyPostForm, postToForm } from "./post-form/post-form.ts";

/** Create or edit a blog post: loads the post being edited, then shows its form. */
export default function PostFormPage() {
  const { id } = useParams();
  const api = useApi();
  const post = useQuery({
    queryKey: keys.post(id ?? "new"),
    queryFn: () => api.get(`/blog/posts/${encodeURIComponent(id ?? "")}`),
    enabled: id != null,
  });

  if (id == null) return <PostForm key="create" initial={emptyPostForm} />;
  if (post.isPending) return <Spinner label={MSG.admin.loadingPost} />;
  if (post.isError) {
    if (statusOf(post.error) === 404) {
      return (
        <div className="space-y-3 py-10 text-center">
          <h1 className="text-2xl font-bold">{MSG.admin.postNotFoundTitle}</h1>
          <p className="text-slate-600">{MSG.admin.postNotFound}</p>
          <Link to="/blog" className="inline-block text-brand-600 underline">
            Back to Blog Posts
          </Link>
        </div>
      );
    }
    return (
      <div className="space-y-3 py-10 text-center">
        <Alert>{MSG.blog.fetchPost}</Alert>
        <Link to="/blog" className="inline-block text-brand-600 underline">
          Back to Blog Posts
        </Link>
      </div>
    );
  }
  return <PostForm key={id} postId={post.data.id} initial={postToForm(post.data)} />;
}
