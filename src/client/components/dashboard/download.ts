// Downloads a staff file (CSV exports) with the session's token: staff routes take no cookies, so a plain link
// cannot fetch them. The file is saved under the name the server gives in Content-Disposition.
import { authFetch } from '#client/lib/session';

function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/** Fetches `url` and saves it; resolves to null when saved, or to the server's message (or null-ish text) on failure. */
export async function downloadFile(
  url: string,
  fallbackName: string,
): Promise<{ ok: true } | { ok: false; message: string | null }> {
  const res = await authFetch(url);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { Message?: string } | null;
    return { ok: false, message: body?.Message ?? null };
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res, fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true };
}
