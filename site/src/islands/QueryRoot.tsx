import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { siteQueryClient } from "../lib/query.ts";

export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={siteQueryClient()}>{children}</QueryClientProvider>;
}
