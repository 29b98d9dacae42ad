import { fileURLToPath } from "node:url";
import path from "node:path";

/** Repository root (packages/db/src/connection → ../../../..), so `.data/` is found from any working directory. */
export const repoRoot = path.resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
export const migrationsFolder = fileURLToPath(new URL("../../migrations", import.meta.url));
export const defaultDataDir = path.join(repoRoot, ".data");
