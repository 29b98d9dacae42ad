/**
 * What a browser test file opens once and closes after its last test: Debian's Chromium and a
 * connection to the stack's throwaway database. Each registers its file's beforeAll/afterAll,
 * so call it at the top level of the test file; the getter answers once the file has started.
 */
import { afterAll, beforeAll, inject } from "vitest";
import type { Browser } from "playwright-core";
import { connect, type DbHandle } from "@botox/db";
import { launchBrowser } from "./browser.ts";
import type { ProvidedStack } from "./global-setup.ts";

/** A browser for the whole file, closed after it (started with any extra command-line flags). */
export function useBrowser(extraArgs: readonly string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not started yet");
    return browser;
  };
}

/** The stack's throwaway database for the whole file (one connection), for checking what reached the API. */
export function useDatabase(): () => DbHandle {
  let handle: DbHandle | undefined;
  beforeAll(() => {
    const { databaseUrl }: ProvidedStack = inject("stack");
    handle = connect(databaseUrl, { max: 1 });
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("The database is not connected yet");
    return handle;
  };
}
