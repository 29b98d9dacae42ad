import { Component, lazy, Suspense, useId, type ReactNode } from "react";
import { POST_FORM } from "@botox/core";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";

// The editor (TipTap and ProseMirror) is its own chunk, fetched when a post form opens.
const RichTextEditor = lazy(() => import("./RichTextEditor.tsx"));

/** The "Content" label, the editor (visual or HTML source), its hint and error. */
export function ContentField({ value, onChange, error }: { value: string; onChange: (html: string) => void; error?: string | undefined }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Content
      </p>
      <EditorFailed
        fallback={
          <div className="space-y-2">
            <Alert>The visual editor could not load. Edit the post&apos;s HTML here, or reload the page to try again.</Alert>
            <Textarea
              aria-labelledby={`${id}-label`}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              invalid={Boolean(error)}
              name="content"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              style={{ minHeight: POST_FORM.contentMinHeightPx }}
              className="font-mono"
            />
          </div>
        }
      >
        <Suspense fallback={<Spinner label="Loading editor..." />}>
          <RichTextEditor
            value={value}
            onChange={onChange}
            labelId={`${id}-label`}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            invalid={Boolean(error)}
          />
        </Suspense>
      </EditorFailed>
      <p id={hintId} className="text-xs text-slate-500">
        Headings, lists, links and images; the HTML button shows the source. Saved HTML is cleaned by the server.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * When the editor's chunk fails to load (a deploy replaced it, the network dropped), the
 * post stays editable as HTML instead of the whole screen failing.
 */
class EditorFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
