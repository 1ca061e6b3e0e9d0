import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { SettingsCard } from './settings-card';

/** A settings screen's form card (an icon, its title, the form) beside a card about the setting. */
export function SettingsFormLayout({
  icon,
  iconClassName,
  title,
  form,
  aboutTitle,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  form: ReactNode;
  aboutTitle: string;
  /** The about card's text. */
  children: ReactNode;
}) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <SettingsCard icon={icon} iconClassName={iconClassName} title={title} className="lg:col-span-3">
        {form}
      </SettingsCard>
      <Card className="flex flex-col gap-3 p-6 text-sm text-stone-700 lg:col-span-2">
        <h2 className="text-base font-semibold text-stone-900">{aboutTitle}</h2>
        {children}
      </Card>
    </div>
  );
}
