import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A form's submit button that waits while its request is on the way (`pending`, or `disabled` for another reason),
 * with a spinner announcing `pendingLabel`.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Spinner className="text-white [&_svg]:size-4" label={pendingLabel} /> : null}
      {children}
    </Button>
  );
}
