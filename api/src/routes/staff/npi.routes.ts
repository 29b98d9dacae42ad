/**
 * The NPI Registry lookup: fills a new staff member's name, credential and licence, for the
 * team and clinic owners alike (it reads a public registry, nothing of any clinic's).
 */
import { STAFF_MSG, npiLookupSchema, npiParamSchema } from "@botox/core";
import { adminRoute } from "../../auth/admin-route.ts";
import { commonErrors, createRouter, errorResponse, json } from "../../lib/openapi.ts";
import { lookupNpi } from "./npi-registry.ts";

const npiRoute = adminRoute({
  method: "get",
  path: "/npi/{number}",
  summary:
    "Look an NPI up in the CMS NPPES NPI Registry (team, or any clinic owner): name, credential, taxonomies (with licence state and number) and status. 404 when the registry has no record; 502 when it cannot be reached or refuses; 504 when it is slow. Cached a day",
  tags: ["staff", "admin"],
  anyOwner: true,
  request: { params: npiParamSchema },
  responses: {
    200: json("The registry's record", npiLookupSchema),
    404: errorResponse(STAFF_MSG.npiNotFound),
    502: errorResponse(STAFF_MSG.registryUnreachable),
    504: errorResponse(STAFF_MSG.registryTimeout),
    ...commonErrors,
  },
});

export const npiRoutes = createRouter().openapi(npiRoute, async (c) => {
  const { number } = c.req.valid("param");
  const answer = await lookupNpi(c.get("deps"), number);
  c.header("Cache-Control", "private, no-store");
  return c.json(answer, 200);
});
