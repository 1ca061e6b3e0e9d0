import { PageMeta } from '@/components/page-meta';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '@/config/public-config';
import { useTranslation } from '@/lib/i18n';
import type { ReturnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';

const SECTIONS = {
  collected: ['account', 'bookings', 'checkIn', 'payments', 'messages', 'technical'],
  purposes: ['contract', 'accounts', 'security'],
  retention: ['account', 'bookings', 'invoices', 'checkIn', 'messages', 'resets', 'technical', 'sessions'],
  recipients: ['owner', 'payments', 'email', 'whatsapp', 'nobodyElse'],
} as const;

/**
 * docs/behaviour.md §12: the privacy notice (GDPR art. 13) — what is collected, why, how long, who receives it, and
 * how to download or delete it. The owner's contact is the WhatsApp number of the admin settings (GET /config).
 */
export function PrivacyPage() {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  const { config } = usePublicConfig();
  const { business } = config;
  const { status } = useSession();
  const number = config.whatsapp_number.trim();
  const signedIn = status === 'authenticated';
  const backToAccount: ReturnToState = { from: { pathname: paths.account, search: '', hash: '' } };

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={`${t('page.title')} · ${t('app.name')}`} description={t('page.intro')} path={paths.privacy} />
      <header className="flex flex-col gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <ShieldCheck aria-hidden="true" className="size-8 text-brand-600" />
          {t('page.title')}
        </h1>
        <p className="text-stone-600">{t('page.intro')}</p>
      </header>

      <Section title={t('page.controller.title')}>
        <p>{t('page.controller.text')}</p>
        {business ? (
          <address className="not-italic whitespace-pre-line" data-testid="business">
            {t('page.controller.business', { name: business.legal_name, address: addressLine(business.address, business.country, i18n.language) })}
            {business.vat_number ? <span className="block">{t('page.controller.vat', { vat: business.vat_number })}</span> : null}
            {business.registration_number ? (
              <span className="block">{t('page.controller.registration', { number: business.registration_number })}</span>
            ) : null}
          </address>
        ) : null}
        <ul className="list-disc pl-5">
          {business?.email ? <li>{t('page.controller.email', { email: business.email })}</li> : null}
          {business?.phone ? <li>{t('page.controller.phone', { phone: business.phone })}</li> : null}
          {number ? <li data-testid="owner-phone">{t('page.controller.whatsapp', { number })}</li> : null}
          <li>
            <Link to={paths.contact} className="font-medium text-brand-700 hover:underline">
              {t('page.controller.contactPage')}
            </Link>
          </li>
        </ul>
      </Section>

      {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((section) => (
        <Section key={section} title={t(`page.${section}.title`)}>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            {SECTIONS[section].map((item) => (
              <li key={item}>{t(`page.${section}.${item}`, { years: config.invoice_retention_years })}</li>
            ))}
          </ul>
        </Section>
      ))}

      <Section title={t('page.rights.title')}>
        <p>{t('page.rights.text')}</p>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>{t('page.rights.export')}</li>
          <li>{t('page.rights.delete')}</li>
          <li>{t('page.rights.other')}</li>
          <li>{t('page.rights.complaint')}</li>
        </ul>
        <Link
          to={signedIn ? paths.account : paths.login}
          state={signedIn ? undefined : backToAccount}
          className={cn(buttonClasses('default'), 'self-start')}
        >
          {signedIn ? t('page.goToAccount') : t('page.logIn')}
        </Link>
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 text-stone-700">
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** The address as the owner wrote it, then the country's name in the page's language. */
function addressLine(address: string, country: string, language: string): string {
  const name = country ? new Intl.DisplayNames([language], { type: 'region' }).of(country) : undefined;
  return [address, name].filter(Boolean).join(', ');
}
