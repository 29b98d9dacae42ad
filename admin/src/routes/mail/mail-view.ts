/** How the Mail screen shows a message: status colours, links in the text part, the HTML part's frame. */
import type { BadgeTone } from "../../components/ui/Badge.tsx";
import type { MailMessageStatus } from "@botox/core";

export function mailStatusTone(status: MailMessageStatus): BadgeTone {
  return status === "sent" ? "green" : status === "captured" ? "blue" : status === "queued" ? "amber" : status === "failed" ? "red" : "slate";
}

export type TextPiece = { link: false; text: string } | { link: true; text: string; href: string };

/** A text part cut into plain runs and http(s) links (a trailing full stop or bracket stays text). */
export function linkifyText(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const href = m[0].replace(/[).,;:!?'\]]+$/, "");
    const start = m.index;
    if (start > last) out.push({ link: false, text: text.slice(last, start) });
    out.push({ link: true, text: href, href });
    last = start + href.length;
  }
  if (last < text.length) out.push({ link: false, text: text.slice(last) });
  return out;
}

/**
 * The HTML part as an iframe's srcdoc: links open in a new tab (the frame is sandboxed without
 * scripts or same-origin, so the mail can run nothing and reach nothing of the admin), and the
 * frame's own policy allows no scripts, forms or remote fetches but images.
 */
export function mailHtmlDocument(html: string): string {
  const head =
    '<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data: https:; style-src \'unsafe-inline\'">' +
    '<base target="_blank"><style>body{font-family:system-ui,sans-serif;margin:12px;overflow-wrap:anywhere}</style>';
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}
