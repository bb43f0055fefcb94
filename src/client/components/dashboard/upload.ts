// Multipart upload with progress (XMLHttpRequest: fetch has no upload progress), sending the bearer token.
import { ensureSession, getAuthToken } from '#client/lib/session';
import { messages } from '#shared/messages';

export interface UploadResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** Server message ({ Message }) or a generic text when the request failed. */
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** The error body's machine-readable details (e.g. `refused`: the photos refused by name, decision 219). */
  details?: Record<string, unknown>;
}

export async function uploadWithProgress<T = unknown>(
  url: string,
  body: FormData,
  opts: { method?: 'POST' | 'PUT'; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResult<T>> {
  // XHR has no refresh-and-retry: renew a token that is about to expire before sending a large body.
  await ensureSession();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', url);
    xhr.withCredentials = true;
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) opts.onProgress?.(1);
      const err = (data ?? {}) as {
        Message?: string;
        errors?: Record<string, string[]>;
        details?: Record<string, unknown>;
      };
      resolve({
        ok,
        status: xhr.status,
        data: ok ? (data as T) : null,
        message: ok ? '' : (err.Message ?? messages.common.serverError),
        fieldErrors: ok ? undefined : err.errors,
        details: ok ? undefined : err.details,
      });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, data: null, message: messages.common.serverError });
    xhr.onabort = () => resolve({ ok: false, status: 0, data: null, message: messages.common.serverError });
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
