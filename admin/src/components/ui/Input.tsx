import type { ComponentProps } from "react";
import { cx } from "../../lib/cx.ts";
import { controlBase, controlBorder } from "./control-style.ts";

export function Input({ invalid, className, ...props }: ComponentProps<"input"> & { invalid?: boolean }) {
  return <input aria-invalid={invalid || undefined} className={cx(controlBase, controlBorder(invalid), className)} {...props} />;
}
