import { describe, expect, it } from "vitest";
import { addressKey } from "./network.ts";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002::", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
  ])("visitor %s → %s", (ip, key) => expect(addressKey(ip)).toBe(key));

  it("counts an IPv4 visitor by its address and an IPv4 network by its /24", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.7", "network")).toBe("203.0.113.0/24");
    // Three addresses of one block: three visitors, one network.
    const three = ["198.51.100.1", "198.51.100.2", "198.51.100.250"];
    expect(new Set(three.map((ip) => addressKey(ip))).size).toBe(3);
    expect(new Set(three.map((ip) => addressKey(ip, "network")))).toEqual(new Set(["198.51.100.0/24"]));
    expect(addressKey("198.51.101.1", "network")).not.toBe(addressKey("198.51.100.1", "network"));
  });

  it("counts an IPv6 visitor by its /64 and an IPv6 network by its /48, whatever the spelling", () => {
    const spellings = [
      "2001:db8:aa:bb::1",
      "2001:0db8:00aa:00bb:0000:0000:0000:0001",
      "2001:DB8:AA:BB:0:0:0:1",
      "2001:db8:aa:bb:ffff::",
      "[2001:db8:aa:bb::9]",
    ];
    for (const ip of spellings) {
      expect(addressKey(ip)).toBe("2001:db8:aa:bb::/64");
      expect(addressKey(ip, "network")).toBe("2001:db8:aa::/48");
    }
    // Three /64s of one /56: three visitors, one network.
    const subnets = ["2001:db8:1:100::1", "2001:db8:1:101::1", "2001:db8:1:1ff::1"];
    expect(new Set(subnets.map((ip) => addressKey(ip))).size).toBe(3);
    expect(new Set(subnets.map((ip) => addressKey(ip, "network")))).toEqual(new Set(["2001:db8:1::/48"]));
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("2001:db8::", "network")).toBe("2001:db8:0::/48");
    // An IPv4 tail in a non-mapped address is just the low groups.
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, dotted or in hex", () => {
    for (const ip of ["::ffff:192.0.2.128", "::FFFF:192.0.2.128", "0:0:0:0:0:ffff:c000:280", "::ffff:c000:0280"]) {
      expect(addressKey(ip)).toBe("192.0.2.128");
      expect(addressKey(ip, "network")).toBe("192.0.2.0/24");
    }
  });

  it("keeps anything else as its own key rather than merging it with an address", () => {
    for (const raw of ["unknown", "1.2.3", "256.1.1.1", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::ffff:1.2.3"]) {
      expect(addressKey(raw)).toBe(raw.toLowerCase());
    }
  });
});
