import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// Served under /admin (product.md §2.13); port 5173 unless ADMIN_PORT (or --port) says otherwise.
const port = Number(process.env.ADMIN_PORT ?? 5173);

const adminDir = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(adminDir, "..");

// The dev server (`npm run dev:admin`) hands out files under /@fs/ only from the admin, the
// one package it imports and the installed dependencies — never the embedded database's
// folder (.data: its WAL holds the admin's password hash), the API's sources or secrets —
// and never watches .data, whose every write would reload each open admin tab.
const fsAccess = {
  strict: true,
  allow: [adminDir, path.join(repo, "packages/core"), path.join(repo, "node_modules")],
  deny: [".env", ".env.*", "*.{crt,pem,key}", "**/.git/**", "**/.data/**", "**/pglite-password", "**/app-secret"],
};

export default defineConfig({
  base: "/admin/",
  plugins: [react(), tailwindcss()],
  server: { port, strictPort: true, fs: fsAccess, watch: { ignored: ["**/.data/**"] } },
  preview: { port, strictPort: true },
  build: { outDir: "dist", sourcemap: false },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // A console.error or console.warn during a test fails it (the setup every package uses).
    setupFiles: ["@botox/core/fail-on-console", "src/test/setup.ts"],
    // userEvent types character by character; on a loaded machine a long form takes seconds.
    testTimeout: 20_000,
    // Setting up (loading the repository's ESLint config, say) on a machine loaded by other jobs
    // took longer than the default 10 s; a hook that hangs still fails.
    hookTimeout: 120_000,
    css: false,
  },
});
