// Versioned URLs of the unhashed files under public/ (hero and home pictures, the default image, the favicon):
// `/images/hero/slide-1.webp?v=<content hash>`. The server answers a URL whose `v` is the file's current hash
// with a year-long immutable cache; a bare or stale one gets a short cache (docs/decisions/193).

/** URL path (e.g. `/images/hero/slide-1.webp`) -> content version (12 hex digits of its SHA-256). */
export type StaticVersions = Readonly<Record<string, string>>;

/** The path with `?v=<version>` when the file's version is known; the bare path otherwise. */
export function versionedUrl(urlPath: string, versions: StaticVersions): string {
  const v = versions[urlPath];
  return v ? `${urlPath}?v=${v}` : urlPath;
}
