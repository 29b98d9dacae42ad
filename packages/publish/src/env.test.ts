import path from "node:path";
import { describe, expect, it } from "vitest";
import { publishConfigFromEnv } from "./config.ts";
import { publishEnv } from "./env.ts";

describe("publishing's settings (publishEnv, publishConfigFromEnv)", () => {
  it("defaults every setting and puts the site folder beside the data it is given", () => {
    const env = publishEnv({});
    expect(env).toMatchObject({ PUBLISH_MODE: "local", PUBLISH_CRON: "0 3 * * *", PUBLISH_TARGETED: true, SITE_PORT: 4321 });
    const config = publishConfigFromEnv(env, { DATA_DIR: "/var/botox" });
    expect(config.siteDir).toBe(path.resolve("/var/botox/site"));
    expect(config.cron).toBe("0 3 * * *");
  });

  it("uses only the settings it is given: SITE_DIR and an off cron", () => {
    const config = publishConfigFromEnv(publishEnv({ SITE_DIR: "/srv/site", PUBLISH_CRON: "off", PUBLISH_TARGETED: "false" }), { DATA_DIR: "/unused" });
    expect(config).toMatchObject({ siteDir: path.resolve("/srv/site"), cron: null, targeted: false });
  });

  it("names the setting that is invalid", () => {
    expect(() => publishEnv({ PUBLISH_MODE: "ftp" })).toThrow(/PUBLISH_MODE/);
  });
});
