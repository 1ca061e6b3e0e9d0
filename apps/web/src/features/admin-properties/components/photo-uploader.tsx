import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Photo } from '@/components/photo';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { uploadPhoto } from '../api/upload-photo';

/** The contract accepts at most 20 photos per property or room. */
export const MAX_PHOTOS = 20;

interface PendingUpload {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  preview: string | null;
}

export interface PhotoUploaderProps {
  label: string;
  photos: string[];
  /** Functional update: uploads finish one after another, each adds its URL to the latest list. */
  onPhotosChange: (update: (photos: string[]) => string[]) => void;
  /** True while a file is being sent, so the form can wait before saving. */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}

const previewOf = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/**
 * Photos as image files (docs/behaviour.md §2): pick or drop images, each is sent to POST /upload with a progress bar and a
 * spinner; the uploaded photos show as thumbnails that can be removed. Anything but an image is refused here,
 * before sending (the server checks the content again).
 */
export function PhotoUploader({ label, photos, onPhotosChange, onBusyChange, disabled = false }: PhotoUploaderProps) {
  const { t, i18n } = useAdminTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const inputId = useId();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const controllers = useRef(new Set<AbortController>());

  const busy = pending.length > 0;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // Closing the dialog stops the uploads still running.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const uploadOne = async (file: File) => {
    const key = nextKey.current++;
    const preview = previewOf(file);
    const controller = new AbortController();
    controllers.current.add(controller);
    setPending((list) => [...list, { key, name: file.name, progress: 0, preview }]);
    try {
      const url = await uploadPhoto(file, {
        signal: controller.signal,
        onProgress: (progress) =>
          setPending((list) => list.map((upload) => (upload.key === key ? { ...upload, progress } : upload))),
      });
      onPhotosChange((current) => [...current, url]);
      toast.success(t('photos.uploaded'));
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error(errorMessage(t, error, 'photos.uploadFailed'));
      }
    } finally {
      controllers.current.delete(controller);
      setPending((list) => list.filter((upload) => upload.key !== key));
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  const addFiles = (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    for (const file of files) {
      if (!file.type.startsWith('image/')) toast.error(t('photos.notImage', { name: file.name }));
    }
    const room = MAX_PHOTOS - photos.length - pending.length;
    if (images.length > room) toast.error(t('photos.tooMany', { max: MAX_PHOTOS }));
    for (const file of images.slice(0, Math.max(0, room))) void uploadOne(file);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{label}</legend>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 px-4 py-5 text-center text-sm text-stone-600 transition',
          'hover:border-brand-500 hover:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
          dragging && 'border-brand-500 bg-brand-50',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-stone-500" />
        <span className="font-medium text-stone-800">{t('photos.choose')}</span>
        <span className="text-xs">{t('photos.help', { max: MAX_PHOTOS })}</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          onChange={onInput}
          className="sr-only"
          data-testid="photo-input"
        />
      </label>

      {photos.length > 0 || pending.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('photos.listLabel')}>
          {photos.map((url, index) => (
            <li key={url} className="group relative aspect-square overflow-hidden rounded-lg border border-stone-200">
              <Photo src={url} alt={t('photos.thumbnailAlt', { index: index + 1 })} className="size-full" width={160} height={160} sizes="160px" />
              <button
                type="button"
                onClick={() => onPhotosChange((current) => current.filter((photo) => photo !== url))}
                disabled={disabled}
                className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-stone-900/70 text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-white"
                aria-label={t('photos.remove', { index: index + 1 })}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
              {index === 0 ? (
                <span className="absolute bottom-1 left-1 rounded bg-stone-900/70 px-1.5 py-0.5 text-[10px] font-medium text-white">
                  {t('photos.cover')}
                </span>
              ) : null}
            </li>
          ))}
          {pending.map((upload) => (
            <li
              key={`pending-${upload.key}`}
              className="relative flex aspect-square flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border border-stone-200 bg-stone-100 p-2"
            >
              {upload.preview ? (
                <img src={upload.preview} alt="" className="absolute inset-0 size-full object-cover opacity-40" />
              ) : null}
              <LoaderCircle aria-hidden="true" className="relative size-6 animate-spin text-brand-700" />
              <div
                role="progressbar"
                aria-label={t('photos.uploading', { name: upload.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(upload.progress * 100)}
                className="relative h-1.5 w-full overflow-hidden rounded-full bg-white/80"
              >
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
              </div>
              <span className="relative text-xs font-medium text-stone-800 tabular-nums">
                {percent.format(upload.progress)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-stone-500">{t('photos.none')}</p>
      )}
    </fieldset>
  );
}
