import { stackSetup } from "@botox/e2e/global-setup";

// The site's browser tests need no admin build; geolocation services are stubbed per test
// through request routing, so none is configured beyond the API's own.
export default stackSetup({ admin: false, geoServices: ["http://127.0.0.1:9/unreachable-geo"] });
