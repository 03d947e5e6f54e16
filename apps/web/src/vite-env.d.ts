/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The build's id (vite.config.ts): the buster of the data kept on the device (docs/decisions/087). */
  readonly VITE_BUILD_ID?: string;
}
