export { startStack, ADMIN_USERNAME, type Stack, type StackOptions } from "./stack.ts";
export { launchBrowser, newTrackedPage, CHROMIUM_PATH, type TrackedPage } from "./browser.ts";
export { insertFixtures, fixtureClinics, ZIPS, NAMES, E2E_DEALS, FIXTURE_CHECKED_ON } from "./fixtures.ts";
export { makePng } from "./png.ts";
export { treeRss } from "@botox/publish/process-tree";
