import { PageMeta } from '@/components/page-meta';
import { CalendarCheck, CreditCard, Building2, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/config/public-config';
import { useTranslation } from '@/lib/i18n';
import { PLACEHOLDER_WHATSAPP_NUMBER, whatsappLink } from '../lib/whatsapp';

const CONTACT_EMAIL = 'contact@roomweek.example';

const HELP_TOPICS = [
  { key: 'booking', icon: CalendarCheck },
  { key: 'property', icon: Building2 },
  { key: 'payment', icon: CreditCard },
] as const;

export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { config } = usePublicConfig();
  const number = config.whatsapp_number.trim() || PLACEHOLDER_WHATSAPP_NUMBER;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={`${t('contact.title')} · ${t('app.name')}`} description={t('contact.subtitle')} path={paths.contact} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('contact.title')}</h1>
        <p className="max-w-2xl text-stone-600">{t('contact.subtitle')}</p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col gap-4 p-6">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <MessageCircle aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-xl font-semibold">{t('contact.whatsapp.title')}</h2>
          <p className="text-stone-600">{t('contact.whatsapp.text')}</p>
          <p className="text-lg font-semibold tracking-wide" data-testid="whatsapp-number">
            {number}
          </p>
          <a
            href={whatsappLink(number)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('chat', 'lg')}
          >
            <MessageCircle aria-hidden="true" />
            {t('contact.whatsapp.open')}
            <span className="sr-only"> {t('common.newWindow')}</span>
          </a>
        </Card>

        <Card className="flex flex-col gap-4 p-6">
          <h2 className="text-xl font-semibold">{t('contact.info.title')}</h2>
          <dl className="flex flex-col gap-4">
            <ContactItem icon={Phone} label={t('contact.info.phone')}>
              <a href={`tel:${number.replace(/[^\d+]/g, '')}`} className="hover:underline">
                {number}
              </a>
            </ContactItem>
            <ContactItem icon={Mail} label={t('contact.info.email')}>
              <a href={`mailto:${CONTACT_EMAIL}`} className="hover:underline">
                {CONTACT_EMAIL}
              </a>
            </ContactItem>
            <ContactItem icon={MapPin} label={t('contact.info.location')}>
              {t('contact.info.locationValue')}
            </ContactItem>
          </dl>
        </Card>
      </div>

      <section aria-labelledby="help-title" className="flex flex-col gap-4">
        <h2 id="help-title" className="text-2xl font-semibold">
          {t('contact.help.title')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {HELP_TOPICS.map(({ key, icon: Icon }) => (
            <Card key={key} className="flex flex-col gap-2 p-5">
              <Icon aria-hidden="true" className="size-6 text-brand-600" />
              <h3 className="font-semibold">{t(`contact.help.${key}.title`)}</h3>
              <p className="text-sm text-stone-600">{t(`contact.help.${key}.text`)}</p>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}

/** One way to reach us: its icon and name, then the value. */
function ContactItem({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="text-sm text-stone-500">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-brand-600" />
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
