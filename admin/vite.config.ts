import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// Served under /admin (spec §2.13); port 5173 unless ADMIN_PORT (or --port) says otherwise.
const port = Number(process.env.ADMIN_PORT ?? 5173);

export default defineConfig({
  base: "/admin/",
  plugins: [react(), tailwindcss()],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: { outDir: "dist", sourcemap: false },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // userEvent types character by character; on a loaded machine a long form takes seconds.
    testTimeout: 20_000,
    css: false,
  },
});
