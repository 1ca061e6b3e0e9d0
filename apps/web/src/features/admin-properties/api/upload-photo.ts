import type { ErrorResponse } from '@roomweek/contract';
import { API_BASE, ApiError, getToken } from '@/lib/api-client';
import i18n, { loadErrorTexts } from '@/lib/i18n';

export interface UploadOptions {
  /** Called with the fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /upload with the photo in the multipart field `file`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Errors come back as the API client's `ApiError` (400 invalid_image, 413 …).
 */
export function uploadPhoto(file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language || 'fr');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON: the status alone tells the story.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof (body as { url?: unknown }).url === 'string') {
        onProgress?.(1);
        resolve((body as { url: string }).url);
        return;
      }
      const error = new ApiError(xhr.status || 500, (body ?? {}) as Partial<ErrorResponse>);
      // Its code is shown translated: the error texts load first, as for any other call (api-transport.ts).
      void loadErrorTexts().then(() => reject(error));
    };
    xhr.onerror = () => reject(new Error('Network error during upload'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
