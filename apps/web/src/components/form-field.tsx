import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/** What a field's control needs to be found by its label and to announce its hint or error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export type FormFieldProps = Omit<ComponentProps<typeof Input>, 'children'> & {
  label: string;
  /** A message under the field, announced with it (aria-describedby). */
  hint?: string | undefined;
  error?: string | undefined;
  /** Something shown at the right of the label (e.g. a "Configured" mark). */
  labelAside?: ReactNode;
  /** Another control than a text input (textarea, select, secret input), given the wiring props; input props are then unused. */
  children?: (control: FieldControlProps) => ReactNode;
};

/** A label, a control (an input unless `children` renders another) and its hint or error, wired for screen readers. */
export function FormField({ label, hint, error, labelAside, className, id, children, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const noteId = `${controlId}-note`;
  const note = error ?? hint;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? noteId : undefined,
  };
  const labelElement = <Label htmlFor={controlId}>{label}</Label>;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {labelAside === undefined ? (
        labelElement
      ) : (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      )}
      {children ? children(control) : <Input {...control} {...inputProps} />}
      {note ? (
        <p id={noteId} className={cn('text-xs', error ? 'text-red-700' : 'text-stone-500')}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
