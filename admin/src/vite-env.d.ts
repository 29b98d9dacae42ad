/// <reference types="vite/client" />

// The admin's build-time settings (read and validated in env.ts): typed here so that reading
// them is not an `any`.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_SITE_URL?: string;
}
