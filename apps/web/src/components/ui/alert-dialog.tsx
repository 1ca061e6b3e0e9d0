import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { buttonClasses } from './button';
import { overlayClasses, panelClasses } from './dialog';

export interface ConfirmDialogProps {
  /** The element that opens the prompt (a button); without one, the prompt is controlled by `open`. */
  trigger?: ReactNode;
  /**
   * Controlled mode: one prompt for a whole list (its rows render plain buttons that set `open`); focus goes back to
   * the button that opened it when it closes.
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The confirm button waits (e.g. for the amount the prompt must tell first). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}

/** A yes/no prompt (the confirm prompts of docs/behaviour.md §4): focus starts on the safe choice, Escape cancels. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialogPrimitive.Root {...(open === undefined ? {} : { open, onOpenChange })}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content className={cn(panelClasses, 'max-w-md')}>
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-stone-900">{title}</AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description className="text-sm text-stone-600">
              {description}
            </AlertDialogPrimitive.Description>
          ) : (
            <AlertDialogPrimitive.Description className="sr-only">{title}</AlertDialogPrimitive.Description>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonClasses('outline')}>
              {cancelLabel ?? t('common.cancel')}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonClasses(destructive ? 'destructive' : 'default')}
              disabled={confirmDisabled}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
