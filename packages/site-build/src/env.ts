/**
 * The one place this package reads process.env: the build's own variables, parsed by the
 * contract (contract.ts), and the whole environment, which the build's processes inherit and
 * the host rule file reads the site's public settings from.
 */
import { readBuildEnv, type BuildEnv } from "./contract.ts";

/** The build's variables, parsed when asked (the engine's modules are also loaded by tests). */
export const buildEnv = (): BuildEnv => readBuildEnv(process.env);

/** This process's whole environment. */
export const inheritedEnv = (): NodeJS.ProcessEnv => process.env;
