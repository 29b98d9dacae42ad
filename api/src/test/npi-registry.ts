/**
 * A loopback stand-in for the CMS NPPES NPI Registry API (version 2.1), answering in its
 * documented shape: `{ result_count, results: [{ number, enumeration_type, basic, taxonomies }] }`,
 * `result_count: 0` for an unknown NPI, and HTTP 200 with an `Errors` array for a query it
 * refuses. Tests never call the real registry. NPIs below are valid (check digit) but invented.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const TEST_NPIS = {
  /** A nurse practitioner, licensed in two states. */
  person: "1000000004",
  /** An organisation (NPI-2): a name but no person. */
  organization: "1000000012",
  /** No record (result_count 0). */
  unknown: "1000000020",
  /** The registry answers 200 with an Errors array. */
  errors: "1000000038",
  /** The registry answers 500. */
  serverError: "1000000046",
  /** The registry never answers (a timeout). */
  slow: "1000000053",
  /** A physician. */
  physician: "1000000061",
} as const;

function answerFor(npi: string): { status: number; body?: unknown } | "hang" {
  switch (npi) {
    case TEST_NPIS.person:
      return {
        status: 200,
        body: {
          result_count: 1,
          results: [
            {
              created_epoch: "1183953600000",
              enumeration_type: "NPI-1",
              last_updated_epoch: "1727136000000",
              number: TEST_NPIS.person,
              addresses: [{ country_code: "US", address_purpose: "LOCATION", city: "AUSTIN", state: "TX", postal_code: "787011234" }],
              basic: {
                first_name: "DANA",
                last_name: "REYES",
                middle_name: "M",
                credential: "FNP-C",
                sole_proprietor: "NO",
                sex: "F",
                enumeration_date: "2007-07-09",
                last_updated: "2024-09-24",
                status: "A",
              },
              other_names: [],
              identifiers: [],
              endpoints: [],
              taxonomies: [
                { code: "363LF0000X", taxonomy_group: "", desc: "Nurse Practitioner, Family", state: "TX", license: "AP123456", primary: true },
                { code: "363L00000X", taxonomy_group: "", desc: "Nurse Practitioner", state: "OK", license: "R0987", primary: false },
              ],
            },
          ],
        },
      };
    case TEST_NPIS.physician:
      return {
        status: 200,
        body: {
          result_count: 1,
          results: [
            {
              enumeration_type: "NPI-1",
              number: TEST_NPIS.physician,
              basic: { first_name: "ALEX", last_name: "O'NEIL", credential: "M.D.", status: "A" },
              taxonomies: [{ code: "207N00000X", desc: "Dermatology", state: "TX", license: "Q4321", primary: true }],
            },
          ],
        },
      };
    case TEST_NPIS.organization:
      return {
        status: 200,
        body: {
          result_count: 1,
          results: [
            {
              enumeration_type: "NPI-2",
              number: TEST_NPIS.organization,
              basic: {
                organization_name: "GLOW AESTHETICS LLC",
                organizational_subpart: "NO",
                status: "A",
                authorized_official_first_name: "DANA",
                authorized_official_last_name: "REYES",
                authorized_official_title_or_position: "MANAGING MEMBER",
                authorized_official_telephone_number: "5125550100",
                authorized_official_credential: "MBA",
              },
              taxonomies: [{ code: "261QM1300X", desc: "Clinic/Center, Multi-Specialty", state: "TX", license: null, primary: true }],
            },
          ],
        },
      };
    case TEST_NPIS.errors:
      return { status: 200, body: { Errors: [{ description: "Field number must be a valid NPI", field: "number", number: "04" }] } };
    case TEST_NPIS.serverError:
      return { status: 500, body: "Internal Server Error" };
    case TEST_NPIS.slow:
      return "hang";
    default:
      return { status: 200, body: { result_count: 0, results: [] } };
  }
}

export interface TestRegistry {
  url: string;
  /** The `number` of every request received, in order. */
  requests: string[];
  /** The query of the last request. */
  lastQuery: URLSearchParams | null;
  close(): Promise<void>;
}

export async function startTestRegistry(): Promise<TestRegistry> {
  const requests: string[] = [];
  const state: { lastQuery: URLSearchParams | null } = { lastQuery: null };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    state.lastQuery = url.searchParams;
    const npi = url.searchParams.get("number") ?? "";
    requests.push(npi);
    const answer = answerFor(npi);
    if (answer === "hang") return; // closed by server.closeAllConnections()
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { "Content-Type": typeof answer.body === "string" ? "text/plain" : "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    requests,
    get lastQuery() {
      return state.lastQuery;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address nothing listens on (a server started and closed again). */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/`;
}
