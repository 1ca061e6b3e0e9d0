import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** The card shared by the payment result pages: an icon, a title, a message, actions. */
export function PaymentResult({
  icon: Icon,
  tone,
  title,
  message,
  busy = false,
  children,
}: {
  icon: LucideIcon;
  tone: 'success' | 'warning' | 'neutral';
  title: string;
  message: string;
  /** While the outcome is still being checked: the icon spins and the card says it is busy. */
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <title>{`${title} · ${t('app.name')}`}</title>
      <Card className="flex flex-col items-center gap-4 p-8 text-center" aria-busy={busy} aria-live="polite">
        <span
          className={cn(
            'flex size-16 items-center justify-center rounded-full',
            tone === 'success' && 'bg-emerald-100 text-emerald-700',
            tone === 'warning' && 'bg-amber-100 text-amber-700',
            tone === 'neutral' && 'bg-stone-100 text-stone-600',
          )}
        >
          <Icon aria-hidden="true" className={cn('size-8', busy && 'animate-spin')} />
        </span>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-stone-600">{message}</p>
        <div className="flex w-full flex-col gap-2 pt-2 sm:flex-row sm:justify-center">{children}</div>
      </Card>
    </div>
  );
}
