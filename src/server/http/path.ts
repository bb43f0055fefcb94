// The request path's percent-encoding, checked once for every route (static files, SPA, API, images), so no
// handler ever meets a malformed escape ("%ff", "%E0%A4%A", a lone "%"): those requests are a 400 (decision 131).

/** The raw (still encoded) path of a request URL, without the query. */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  const h = url.indexOf('#', start);
  const end = Math.min(q < 0 ? url.length : q, h < 0 ? url.length : h);
  return url.slice(start, end);
}

/** True when the path holds a percent escape that is not valid UTF-8 percent-encoding. */
export function hasMalformedPath(url: string): boolean {
  const path = rawPath(url);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
