// The validator and its extractor ship JavaScript without types; only what the tests use.
declare module "@adobe/structured-data-validator" {
  export class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: unknown): Promise<{ issueMessage: string; severity: string }[]>;
  }
  export default Validator;
}

declare module "@marbec/web-auto-extractor" {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): { jsonld: Record<string, Record<string, unknown>[]>; microdata: unknown; rdfa: unknown };
  }
}
