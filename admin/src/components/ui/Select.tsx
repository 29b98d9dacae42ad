import type { ComponentProps } from "react";
import { cx } from "../../lib/cx.ts";
import { controlBase, controlBorder } from "./control-style.ts";

export function Select({ invalid, className, ...props }: ComponentProps<"select"> & { invalid?: boolean }) {
  return <select aria-invalid={invalid || undefined} className={cx(controlBase, controlBorder(invalid), className)} {...props} />;
}
