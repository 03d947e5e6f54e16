/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The build's id (vite.config.ts): the buster of the data kept on the device (docs/decisions/088). */
  readonly VITE_BUILD_ID?: string;
}
