import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// Package boundaries (docs/decisions/164-boundary-rules-in-the-linter.md). A package is used
// through its `exports`, never by reaching into its `src/`.
const otherPackageSrc = [
  {
    regex: "^(\\.\\./)+(packages/[^/]+|api|admin|site)/src(/|$)",
    message: "Import the package through its exports (@botox/...), not another package's src/ by path.",
  },
  { regex: "^@botox/[^/]+/src(/|$)", message: "Import the package's exports, not its src/ folder." },
];
const apiImports = { group: ["@botox/api", "@botox/api/*"], message: "@botox/api is an app, not a library: only api/ imports it." };
// The root of @botox/core re-exports its zod schemas; browser code takes single modules.
const coreRoot = {
  name: "@botox/core",
  message: "Browser code imports a @botox/core subpath (@botox/core/search, ...): the package root pulls zod into the page JS.",
};
// The contract's schemas are zod values: browser code, and the core modules outside the contract
// that the islands load (display, http, ...), take only its types, so no page loads zod through
// it (docs/decisions/188-contract-one-file-per-resource.md).
const contractTypesOnly = {
  paths: [
    {
      name: "@botox/core/contract",
      allowTypeImports: true,
      message: "Browser code takes only types from @botox/core/contract (`import type`): its values are zod schemas.",
    },
  ],
  patterns: [
    {
      regex: "^\\./contract/",
      allowTypeImports: true,
      message: "Core modules outside contract/ take only its types (`import type`): the islands load them without zod.",
    },
  ],
};
// The site's folders below its components (docs/decisions/183-site-and-admin-file-layout.md):
// hooks use lib and import no component or island; lib is plain modules and imports
// neither hooks nor components.
const siteUiFolders = (self, folders, why) => ({
  regex: `^(\\.\\./)+(${folders.join("|")})/`,
  message: `site/src/${self}/ does not import ${folders.map((f) => `${f}/`).join(" or ")}: ${why}`,
});
const hooksAbove = siteUiFolders("hooks", ["islands", "components"], "a hook holds state and effects; the components that render it import it.");
const libAbove = siteUiFolders("lib", ["islands", "components", "hooks"], "lib holds plain modules that islands, components and hooks import.");
// The admin's shared code (components, hooks, lib, the API client) serves every screen and
// imports none of them (decision 183).
const adminRoutes = {
  regex: "^(\\.\\./)+routes/",
  message: "Shared admin code does not import a screen from routes/: move what both need into components/, hooks/ or lib/.",
};

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/.astro/**", ".tools/**", ".data/**", "**/reports/**", "**/*.d.ts"],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the nearest tsconfig that includes it; the vitest configs no
        // tsconfig includes get the default project.
        projectService: {
          allowDefaultProject: ["api/vitest.config.ts", "api/vitest.db.config.ts", "packages/*/vitest.config.ts", "packages/*/vitest.db.config.ts"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      // React event handlers may be async (onSubmit={save}): React ignores the returned promise
      // and each handler reports its own errors. Promises passed anywhere else are still checked.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Off: its findings (32) are async functions that implement a promise-returning contract
      // (stores, fakes, test callbacks) without awaiting; dropping `async` there would turn a
      // rejection into a synchronous throw, which is a behaviour change, not a fix.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests, harnesses and benchmarks index fixtures they just built (rows[0]!, map.get(id)!):
    // a wrong guess fails the test at that line anyway. 360 such assertions exist today; the
    // rule holds for all product code.
    files: ["**/*.test.{ts,tsx}", "**/e2e/**", "packages/e2e/**", "**/bench/**", "**/*-bench.ts", "**/test/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining, ...) are typed `any`.
    files: ["**/*.test.{ts,tsx}", "**/e2e/**"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  // Plain JavaScript (configs, build integrations, fixtures) has no types to check.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...otherPackageSrc, apiImports] }],
      // Settings are read and validated in one place per package: its env.ts.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings in the package's env.ts (validated there), not process.env here." },
      ],
    },
  },
  { files: ["api/**"], rules: { "no-restricted-imports": ["error", { patterns: otherPackageSrc }] } },
  {
    // Server code reports through the structured logger it is given (deps.logger, the
    // publisher's logger), never the console.
    files: ["api/src/**/*.ts", "packages/publish/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Browser code of the site: islands and the components, hooks and modules they share
    // (build-time modules excepted).
    files: ["site/src/{islands,components,hooks}/**/*.{ts,tsx}", "site/src/lib/**/*.ts"],
    ignores: ["site/src/lib/data.ts", "site/src/lib/cache-key.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [coreRoot], patterns: [...otherPackageSrc, apiImports] }] },
  },
  {
    files: ["site/src/{islands,components,hooks}/**/*.{ts,tsx}", "site/src/lib/**/*.ts", "packages/core/src/*.ts"],
    ignores: ["site/src/lib/data.ts", "site/src/lib/cache-key.ts", "packages/core/src/index.ts", "packages/core/src/testing.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", contractTypesOnly] },
  },
  {
    files: ["site/src/hooks/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [coreRoot], patterns: [...otherPackageSrc, apiImports, hooksAbove] }] },
  },
  {
    files: ["site/src/lib/**/*.ts"],
    ignores: ["site/src/lib/data.ts", "site/src/lib/cache-key.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [coreRoot], patterns: [...otherPackageSrc, apiImports, libAbove] }] },
  },
  {
    // lib's build-time modules may take the whole of @botox/core, still not the site's UI folders.
    files: ["site/src/lib/data.ts", "site/src/lib/cache-key.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...otherPackageSrc, apiImports, libAbove] }] },
  },
  {
    files: ["admin/src/{components,hooks,lib,api}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...otherPackageSrc, apiImports, adminRoutes] }] },
  },
  {
    files: [
      // The one place per package that reads the environment.
      "**/env.ts",
      // Tests, browser-test harnesses and benchmarks choose databases, browsers and sizes from
      // the environment of the run; they are not the product's settings.
      "**/*.test.{ts,tsx}",
      "**/e2e/**",
      "packages/e2e/**",
      "packages/db/src/testing.ts",
      "**/bench/**",
      "**/*-bench.ts",
      "packages/publish/src/fixtures/**",
      // Tool configs run before (and outside) the app's env.ts.
      "**/*.config.{ts,js,mjs}",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // The two places that start the API app itself, through its exported entry points only:
    // the product's launchers (npm start, npm run serve) and the browser-test harness. Reaching
    // into another package's src/ stays forbidden here too.
    files: ["packages/e2e/src/stack.ts", "scripts/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: otherPackageSrc }] },
  },
  {
    // Demo-data generators index arrays by computed positions (median, weighted pick).
    files: ["packages/db/src/seed/seed-clinics.ts", "packages/db/src/seed/seed.ts", "packages/db/src/seed/random.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "no-restricted-properties": "off", "@typescript-eslint/no-unnecessary-type-assertion": "off" },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
