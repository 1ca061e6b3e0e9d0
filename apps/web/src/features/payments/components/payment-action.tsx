import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A way to pay: what it does, then its one wide button (`waiting`: no stay chosen yet, the press says why). */
export function PaymentAction({
  icon: Icon,
  description,
  onPress,
  disabled,
  waiting,
  children,
}: {
  icon: LucideIcon;
  description: string;
  onPress: () => void;
  disabled: boolean;
  waiting: boolean;
  /** The button's text. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="flex gap-2 text-sm text-stone-700">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
        {description}
      </p>
      <Button size="lg" className="w-full" onClick={onPress} disabled={disabled} aria-disabled={waiting}>
        {children}
      </Button>
    </div>
  );
}
