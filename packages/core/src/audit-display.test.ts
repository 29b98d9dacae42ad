import { describe, expect, it } from "vitest";
import { auditFieldLabel, auditValueText } from "./audit-display.ts";

describe("auditFieldLabel", () => {
  it("names the common fields and puts any other into words", () => {
    expect(auditFieldLabel("fullAddress")).toBe("Address");
    expect(auditFieldLabel("category")).toBe("Category");
    expect(auditFieldLabel("unitPriceCents")).toBe("Price per unit");
    expect(auditFieldLabel("someNewField")).toBe("Some new field");
  });
});

describe("auditValueText", () => {
  it("reads none, money, hours, statuses, brands and yes/no as a person would", () => {
    expect(auditValueText("phone", null)).toBe("—");
    expect(auditValueText("site", "")).toBe("—");
    expect(auditValueText("unitPriceCents", 1250)).toBe("$12.50");
    expect(auditValueText("workingHours", { Monday: "9AM-5PM", Tuesday: ["9AM-12PM", "1PM-5PM"], Sunday: null })).toBe(
      "Monday: 9AM-5PM\nTuesday: 9AM-12PM, 1PM-5PM\nSunday: closed",
    );
    expect(auditValueText("workingHours", { text: "By appointment" })).toBe("By appointment");
    expect(auditValueText("businessStatus", "PERMANENTLY_CLOSED")).toBe("Permanently closed");
    expect(auditValueText("brand", "botox")).toBe("Botox");
    expect(auditValueText("newPatientsOnly", true)).toBe("Yes");
    expect(auditValueText("units", 20)).toBe("20");
  });
});
