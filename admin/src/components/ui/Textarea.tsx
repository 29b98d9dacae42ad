import type { ComponentProps } from "react";
import { cx } from "../../lib/cx.ts";
import { controlBase, controlBorder } from "./control-style.ts";

export function Textarea({ invalid, className, ...props }: ComponentProps<"textarea"> & { invalid?: boolean }) {
  return <textarea aria-invalid={invalid || undefined} className={cx(controlBase, controlBorder(invalid), className)} {...props} />;
}
