import { defineConfig } from "drizzle-kit";

// Migrations are generated (never pushed) and committed; see README "Database".
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/schema.ts",
  out: "./migrations",
});
