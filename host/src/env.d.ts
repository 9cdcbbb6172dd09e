/// <reference types="@rsbuild/core/types" />

/** The federation runtime core (a dependency of @module-federation/enhanced; see rsbuild.config.ts). */
declare module '@module-federation/runtime-tools/runtime-core' {
  export const Global: object;
}
