import fs from "node:fs";
import type { TestProject } from "vitest/node";
export default function setup(project: TestProject) {
  const v = JSON.parse(fs.readFileSync("/tmp/stackdev/stack.json", "utf8"));
  project.provide("stack", v.stack);
  project.provide("geoServices", v.geoServices);
}
