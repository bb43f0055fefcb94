// Client side of the versioned public files: the build injects their content versions (vite.config.ts,
// src/server/http/static-versions.ts); tests and tools without the build use the bare paths.
import { versionedUrl, type StaticVersions } from '#shared/static-url';

declare const __STATIC_VERSIONS__: StaticVersions | undefined;

const versions: StaticVersions = typeof __STATIC_VERSIONS__ === 'undefined' ? {} : __STATIC_VERSIONS__;

/** `/images/...` with `?v=<content hash>` so the server may cache it as immutable. */
export function staticUrl(urlPath: string): string {
  return versionedUrl(urlPath, versions);
}
