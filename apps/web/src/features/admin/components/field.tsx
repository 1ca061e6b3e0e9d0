import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, a control and its hint or error, wired for screen readers — for the controls FormField (inputs
 * only) does not cover: textarea, select, secret input.
 */
export function Field({
  label,
  hint,
  error,
  className,
  labelAside,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  /** Something shown at the right of the label (e.g. a "Configured" badge). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note ? noteId : undefined })}
      {note ? (
        <p id={noteId} className={cn('text-xs', error ? 'text-red-700' : 'text-stone-500')}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
