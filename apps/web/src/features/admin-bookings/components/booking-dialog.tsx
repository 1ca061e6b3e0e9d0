import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField, type FormFieldProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';

// The pieces the bookings screen's dialogs share (cancel, refund, approve or decline): the frame, a text to the
// guest or a reason, and the footer's back and submit buttons.

/** A dialog about one booking, closed by Escape, the close button or its own cancel button. */
export function BookingDialog({ onClose, ...frame }: Omit<ComponentProps<typeof FormDialog>, 'onOpenChange'> & { onClose: () => void }) {
  return <FormDialog {...frame} onOpenChange={(next) => (next ? undefined : onClose())} />;
}

/** An amount of euros to give back (typed with a comma or a point); `hint` says the most that may be. */
export function RefundAmountField(props: FormFieldProps & { hint: string }) {
  return <FormField inputMode="decimal" required {...props} />;
}

/** A free text of a few lines (a reason, a message to the guest). */
export function TextNoteField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  maxLength: number;
}) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <Textarea {...control} name={name} value={value} onChange={onChange} maxLength={maxLength} rows={3} />}
    </FormField>
  );
}

/** The footer: go back without doing anything, then the form's submit button. */
export function DialogActions({ backLabel, onBack, children }: { backLabel: string; onBack: () => void; children: ReactNode }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onBack}>
        {backLabel}
      </Button>
      {children}
    </DialogFooter>
  );
}
