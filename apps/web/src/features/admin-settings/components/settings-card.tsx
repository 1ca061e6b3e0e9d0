import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A settings card: its heading (an icon and a title, with something at its right or a sentence under it), then its content. */
export function SettingsCard({
  icon: Icon,
  iconClassName = 'text-brand-600',
  title,
  text,
  aside,
  className,
  children,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  title: string;
  /** A sentence under the title. */
  text?: string;
  /** Something at the right of the title (a status badge). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 className="flex items-center gap-2 text-lg font-semibold">
      <Icon aria-hidden="true" className={cn('size-5', iconClassName)} />
      {title}
    </h2>
  );
  return (
    <Card className={cn('flex flex-col gap-5 p-6', className)}>
      {aside !== undefined ? (
        <div className="flex items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : text !== undefined ? (
        <div className="flex flex-col gap-1">
          {heading}
          <p className="text-sm text-stone-600">{text}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
