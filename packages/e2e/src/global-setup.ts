/**
 * Vitest globalSetup for browser tests: one product stack per test run, its URLs and admin
 * credentials handed to the test files through `inject("stack")`.
 */
import type { TestProject } from "vitest/node";
import { startStack, type Stack, type StackOptions } from "./stack.ts";

export interface ProvidedStack {
  urls: Stack["urls"];
  admin: Stack["admin"];
  databaseUrl: string;
  siteDir: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}

export function stackSetup(options: StackOptions = {}) {
  return async function setup(project: TestProject) {
    const started = Date.now();
    const stack = await startStack({ ...options, log: process.env.E2E_VERBOSE ? (l) => console.log(`[e2e] ${l}`) : undefined });
    console.log(`[e2e] product stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: site ${stack.urls.site}, admin ${stack.urls.admin}`);
    project.provide("stack", { urls: stack.urls, admin: stack.admin, databaseUrl: stack.databaseUrl, siteDir: stack.siteDir });
    return async () => {
      await stack.stop();
    };
  };
}
