import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { PhotoUploader, type PhotoUploaderProps } from './photo-uploader';

export interface PhotosAndSaveProps extends Omit<PhotoUploaderProps, 'disabled' | 'onBusyChange'> {
  /** The form is being saved. */
  busy: boolean;
  /** Photos are still uploading: saving waits for them. */
  uploading: boolean;
  onUploadingChange: (uploading: boolean) => void;
  onCancel: () => void;
}

/** The end of the property and room dialogs: their photos, then cancel and save (saving waits for the uploads). */
export function PhotosAndSave({ busy, uploading, onUploadingChange, onCancel, ...photos }: PhotosAndSaveProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="sm:col-span-2">
        <PhotoUploader {...photos} onBusyChange={onUploadingChange} disabled={busy} />
      </div>
      <DialogFooter className="sm:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={busy || uploading}>
          {busy ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
          {uploading ? t('photos.waitForUploads') : t('shared.save')}
        </Button>
      </DialogFooter>
    </>
  );
}
