import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** An account page's form: its fields, then one wide submit button that says it is working while `pending`. */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  submittingLabel,
  className = 'flex flex-col gap-4',
  buttonClassName,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  submittingLabel: string;
  className?: string;
  buttonClassName?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      {children}
      <Button type="submit" size="lg" className={cn('w-full', buttonClassName)} disabled={pending}>
        {pending ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}

/** A link under an account page's card (to another account page). */
export function AuthLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link {...props} className={cn('font-medium text-brand-700 hover:underline', className)} />;
}
