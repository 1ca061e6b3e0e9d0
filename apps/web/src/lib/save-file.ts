import type { DownloadedFile } from './api-client';

/** How long the file's object URL outlives the click: the browser has started saving it by then. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a downloaded file to the browser to save under its own name (an object URL on a link with `download`). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
