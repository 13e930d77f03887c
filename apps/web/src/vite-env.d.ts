/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the menu and toasts; defaults to DEFAULT_APP_NAME. */
  readonly VITE_APP_NAME?: string;
  /** Absolute origin of the server (https://shop.example.com) used by the native apps only. */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
