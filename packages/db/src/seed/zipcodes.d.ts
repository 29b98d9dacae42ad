declare module "zipcodes/lib/codes.js" {
  export interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipCodeRecord>;
  export const stateMap: Record<string, string[]>;
}
