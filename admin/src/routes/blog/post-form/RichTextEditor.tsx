import { useId, useRef, useState, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { MSG, POST_FORM, validateImageFile } from "@botox/core";
import { useApi } from "../../../api/session.tsx";
import { useToast } from "../../../components/toast.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { cx } from "../../../lib/cx.ts";
import { sessionExpired } from "../../../lib/errors.ts";
import { tagsTheEditorDrops } from "./editor-html.ts";
import { uploadBlogImage } from "./upload.ts";

export interface RichTextEditorProps {
  /** The post's HTML (the form's `content`). */
  value: string;
  onChange: (html: string) => void;
  /** id of the visible "Content" label: names both the visual editor and the source box. */
  labelId: string;
  /** ids of the hint and error texts below the editor. */
  describedBy?: string;
  invalid?: boolean;
}

type Panel = "link" | "image" | null;

const extensions = [
  StarterKit.configure({
    // The page title is the post's only h1 (the sanitizer turns h1 into h2).
    heading: { levels: [2, 3, 4] },
    // Links stay in the tab the reader is in unless the HTML says otherwise; clicking a link
    // while editing places the cursor instead of leaving the admin.
    link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { target: null, rel: null } },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

/**
 * The blog post's content editor: a TipTap visual editor with headings, lists,
 * links and images (uploaded through the same call as the featured image), and an HTML source
 * view. Its output is plain HTML that the API sanitizes as before. A post whose HTML holds
 * elements the visual editor cannot keep (tables, figures...) opens in the source view.
 */
export default function RichTextEditor({ value, onChange, labelId, describedBy, invalid }: RichTextEditorProps) {
  const dropped = tagsTheEditorDrops(value);
  const [source, setSource] = useState(() => dropped.length > 0);
  const [panel, setPanel] = useState<Panel>(null);

  const editor = useEditor({
    extensions,
    content: value,
    // One render with the editor: no flash of an empty box, and tests see it at once.
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "prose-editor px-3 py-2 focus:outline-none",
        style: `min-height: ${POST_FORM.contentMinHeightPx}px`,
      },
    },
    // The empty paragraph the editor keeps after a final heading or image (so the cursor can
    // go there) is not part of the post.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML().replace(/(?:<p><\/p>)+$/, "")),
  });

  const toVisual = () => {
    // The source may have changed: the visual editor starts from it, without reporting a
    // change (the form already holds this HTML).
    editor.commands.setContent(value, { emitUpdate: false });
    setSource(false);
  };

  return (
    <div className={cx("rounded-md border bg-white shadow-sm", invalid ? "border-red-500" : "border-slate-300")}>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b border-slate-200 p-1.5">
        {source ? null : <FormatButtons editor={editor} panel={panel} onPanel={setPanel} />}
        <span className="ml-auto" />
        <ToolButton
          label="HTML source"
          pressed={source}
          disabled={source && dropped.length > 0}
          onClick={() => {
            setPanel(null);
            if (source) toVisual();
            else setSource(true);
          }}
        >
          {"</>"} HTML
        </ToolButton>
      </div>
      {!source && panel === "link" ? <LinkPanel editor={editor} onDone={() => setPanel(null)} /> : null}
      {!source && panel === "image" ? <ImagePanel editor={editor} onDone={() => setPanel(null)} /> : null}
      {source ? (
        <div className="space-y-2 p-2">
          {dropped.length > 0 ? (
            <p className="text-xs text-amber-800">This post uses HTML the visual editor cannot keep ({dropped.join(", ")}), so it is edited as HTML.</p>
          ) : null}
          <Textarea
            aria-label="Content HTML source"
            aria-describedby={describedBy}
            invalid={invalid}
            name="content"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            style={{ minHeight: POST_FORM.contentMinHeightPx }}
            className="font-mono"
            spellCheck={false}
          />
        </div>
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    // The name is the label (sr-only), the visible glyph ("H2", "1.") is decoration, as an
    // icon would be; title shows the name to mouse users.
    <button
      type="button"
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the editor's selection: a mousedown on a button would otherwise take the focus.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cx(
        "inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-400",
        pressed ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}

function FormatButtons({ editor, panel, onPanel }: { editor: Editor; panel: Panel; onPanel: (p: Panel) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <>
      <ToolButton label="Heading 2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="Heading 3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </ToolButton>
      <ToolButton label="Bulleted list" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        • List
      </ToolButton>
      <ToolButton label="Numbered list" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1. List
      </ToolButton>
      <ToolButton label="Link" pressed={state.link || panel === "link"} onClick={() => onPanel(panel === "link" ? null : "link")}>
        Link
      </ToolButton>
      <ToolButton label="Image" pressed={panel === "image"} onClick={() => onPanel(panel === "image" ? null : "image")}>
        Image
      </ToolButton>
    </>
  );
}

/** Adds, changes or removes the link at the selection; with nothing selected, inserts the address as a link. */
function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const current = editor.getAttributes("link") as { href?: unknown };
  const [href, setHref] = useState(typeof current.href === "string" ? current.href : "");

  const apply = () => {
    const url = href.trim();
    if (!url) return;
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
    onDone();
  };

  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-slate-50 p-2">
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">
          Link address
        </label>
        <Input
          id={id}
          autoFocus
          placeholder="https://..."
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            } else if (e.key === "Escape") onDone();
          }}
        />
      </div>
      <Button size="sm" onClick={apply} disabled={!href.trim()}>
        Apply link
      </Button>
      {editor.isActive("link") ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}

/** Uploads a chosen image through the upload call and inserts it with its description. */
function ImagePanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const fileId = useId();
  const altId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [uploading, setUploading] = useState(false);

  const onPick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = validateImageFile(picked);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setFile(picked);
  };

  const insert = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadBlogImage(api, file);
      editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
      toast({ title: MSG.admin.imageUploadedTitle, description: MSG.admin.imageUploaded });
      onDone();
    } catch (err) {
      if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.uploadFailedTitle, description: MSG.admin.uploadFailed });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-slate-50 p-2">
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-xs font-medium text-slate-700">
          Image file
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={POST_FORM.imageTypes.join(",")}
          className="block max-w-full text-sm"
          onChange={(e) => onPick(e.target.files?.[0])}
        />
      </div>
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={altId} className="block text-xs font-medium text-slate-700">
          Image description (alt text)
        </label>
        <Input id={altId} value={alt} onChange={(e) => setAlt(e.target.value)} placeholder="What the image shows" />
      </div>
      <Button size="sm" onClick={insert} disabled={!file || uploading}>
        {uploading ? "Uploading..." : "Insert image"}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} disabled={uploading}>
        Cancel
      </Button>
    </div>
  );
}
