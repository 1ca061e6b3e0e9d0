import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { buttonClasses } from '@/components/ui/button';
import { overlayClasses, panelClasses } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

export interface ConfirmPromptProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}

/**
 * A controlled yes/no prompt: one per list rather than one per row, so that a page of 50 bookings renders 50
 * plain buttons. Focus starts on the safe choice and goes back to the row's button when the prompt closes.
 */
export function ConfirmPrompt({ open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm }: ConfirmPromptProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content className={cn(panelClasses, 'max-w-md')}>
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-stone-900">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-stone-600">{description}</AlertDialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonClasses('outline')}>{cancelLabel}</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action className={buttonClasses('destructive')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
