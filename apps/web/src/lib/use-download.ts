import { useState } from 'react';
import type { DownloadedFile } from './api-client';
import { errorMessage } from './error-message';
import type { TFunction } from './i18n';
import { saveFile } from './save-file';
import { toast } from './toast';

/**
 * A button's download: `download(fetch)` asks for the file and hands it to the browser to save; `busy` while it is
 * asked for; a failure is a toast (the server's reason, else `failedKey`).
 */
export function useDownload(t: TFunction, failedKey: string): { busy: boolean; download: (fetch: () => Promise<DownloadedFile>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const download = async (fetch: () => Promise<DownloadedFile>) => {
    setBusy(true);
    try {
      saveFile(await fetch());
    } catch (error) {
      toast.error(errorMessage(t, error, failedKey));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
