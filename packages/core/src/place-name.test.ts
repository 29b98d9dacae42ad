import { describe, expect, it } from "vitest";
import { clinicInputSchema } from "./contract/clinics.ts";
import { PLACE_NAME_MSG, placeName } from "./place-name.ts";
import { TEXT_MSG } from "./text.ts";

const city = placeName({ label: "City", max: 100, required: "City is required" });
const messageOf = (v: unknown) => city.safeParse(v).error?.issues[0]?.message;
const cp = (...codes: number[]) => String.fromCodePoint(...codes);

describe("place names", () => {
  it("keeps real names, normalised (NFKC) and trimmed", () => {
    for (const name of ["Round Rock", "St. Louis", "O'Fallon", "Coeur d\u2019Alene", "Winston-Salem", "Española", "Москва River"]) {
      expect(city.parse(` ${name} `)).toBe(name.normalize("NFKC"));
    }
    expect(city.parse("\uFF30\uFF41\uFF52\uFF4B City")).toBe("Park City"); // fullwidth forms
    expect(city.parse("Cafe\u0301")).toBe("Café");
  });

  it("refuses invisible and control characters", () => {
    const invisible = [
      0x09, 0x0d, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x061c, 0x00ad, 0x2028, 0xe0041, 0xfe0f, 0xe0100, 0x3164, 0xffa0, 0x115f, 0xfeff, 0x034f,
    ];
    for (const code of invisible) {
      expect(city.safeParse(`Sugar${cp(code)}Land`).success, code.toString(16)).toBe(false);
      expect([PLACE_NAME_MSG.characters("City"), TEXT_MSG.unsafe], code.toString(16)).toContain(messageOf(`Sugar${cp(code)}Land`));
    }
    expect(messageOf(`Sugar Land${cp(0x3164)}`)).toBe(PLACE_NAME_MSG.characters("City"));
    for (const bad of ["Sugar Land 2", "Sugar/Land", "Sugar_Land", "<b>"]) expect(messageOf(bad), bad).toBe(PLACE_NAME_MSG.characters("City"));
  });

  it("refuses a word mixing alphabets (Cyrillic look-alikes), not different words in their own", () => {
    expect(messageOf("Sug\u0430r L\u0430nd")).toBe(PLACE_NAME_MSG.mixedScripts("City"));
    expect(messageOf("\u0391thens")).toBe(PLACE_NAME_MSG.mixedScripts("City")); // Greek capital alpha
    expect(city.safeParse("Москва River").success).toBe(true);
  });

  it("refuses a name with no Latin letter: its page address (an ASCII slug) would be empty", () => {
    expect(messageOf("Москва")).toBe(PLACE_NAME_MSG.notLatin("City"));
    expect(messageOf("東京")).toBe(PLACE_NAME_MSG.notLatin("City"));
  });

  it("is the admin's and the import's city rule, with its messages", () => {
    const base = { name: "Clinic", state: "TX" };
    expect(clinicInputSchema.safeParse({ ...base, city: "Sugar\u200bLand" }).error?.issues[0]?.message).toBe(PLACE_NAME_MSG.characters("City"));
    expect(clinicInputSchema.safeParse({ ...base, city: "  " }).error?.issues[0]?.message).toBe("City is required");
    expect(clinicInputSchema.safeParse({ ...base, city: 5 }).error?.issues[0]?.message).toBe("City must be text.");
    expect(clinicInputSchema.parse({ ...base, city: " Sugar Land " }).city).toBe("Sugar Land");
  });
});
