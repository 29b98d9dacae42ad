/** What islands need to know at run time (serialized into their props at build time). */
export interface PublicConfig {
  apiUrl: string;
  geoServices: string[];
}
