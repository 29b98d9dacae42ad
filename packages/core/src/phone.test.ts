import { describe, expect, it } from "vitest";
import { isValidUsPhone, nanpDigits, phoneE164 } from "./phone.ts";

describe("US phone numbers (NANP)", () => {
  it.each([
    ["(312) 555-0142", "3125550142"],
    ["312-555-0142", "3125550142"],
    ["312.555.0142", "3125550142"],
    ["3125550142", "3125550142"],
    ["+1 312 555 0142", "3125550142"],
    ["1 (312) 555-0142", "3125550142"],
    ["+1-312-555-0142", "3125550142"],
    ["  (312) 555-0142  ", "3125550142"],
  ])("accepts %s", (raw, digits) => {
    expect(nanpDigits(raw)).toBe(digits);
    expect(phoneE164(raw)).toBe(`+1${digits}`);
  });

  it.each([
    "call me maybe",
    "(312) 555-042", // nine digits
    "312555014212", // twelve
    "(012) 555-0142", // area code starting with 0
    "(112) 555-0142", // area code starting with 1
    "(312) 055-0142", // exchange starting with 0
    "(312) 155-0142", // exchange starting with 1
    "+44 20 7946 0958", // not a US number
    "+2 312 555 0142",
    "2 312 555 0142",
    "312\u200b555 0142", // zero-width space
    "312\u2060555-0142", // word joiner
    "312-555-0142\u200e", // left-to-right mark
    "312\ufeff-555-0142", // byte order mark inside
    "312-555-0142 ext 5",
    "３１２-555-0142", // fullwidth digits
    "",
  ])("refuses %j", (raw) => {
    expect(isValidUsPhone(raw)).toBe(false);
    expect(phoneE164(raw)).toBeNull();
  });
});
