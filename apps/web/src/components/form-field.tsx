import { useId, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export type FormFieldProps = ComponentProps<typeof Input> & {
  label: string;
  /** A message under the field, announced with it (aria-describedby). */
  hint?: string;
  error?: string | undefined;
};

/** A labelled input with its hint or error wired for screen readers. */
export function FormField({ label, hint, error, className, id, ...props }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...props}
      />
      {note ? (
        <p id={noteId} className={cn('text-xs', error ? 'text-red-700' : 'text-stone-500')}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
