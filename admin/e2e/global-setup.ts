import { stackSetup } from "@botox/e2e/global-setup";

// The whole product: the admin's tests also read their edits back on the public site.
export default stackSetup();
