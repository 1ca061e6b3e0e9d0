import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { PhotoUploader, type PhotoUploaderProps } from './photo-uploader';

export interface PhotosAndSaveProps extends Omit<PhotoUploaderProps, 'disabled' | 'onBusyChange'> {
  /** The form is being saved. */
  busy: boolean;
  onCancel: () => void;
}

/** The end of the property and room dialogs: their photos, then cancel and save (saving waits for the uploads). */
export function PhotosAndSave({ busy, onCancel, ...photos }: PhotosAndSaveProps) {
  const { t } = useAdminTranslation();
  // Photos still uploading: saving waits for them.
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <div className="sm:col-span-2">
        <PhotoUploader {...photos} onBusyChange={setUploading} disabled={busy} />
      </div>
      <DialogFooter className="sm:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={busy} disabled={uploading} pendingLabel={t('shared.saving')}>
          {uploading ? t('photos.waitForUploads') : t('shared.save')}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}
