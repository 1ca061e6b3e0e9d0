import { CircleCheck, FileText, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { WhatsappSettings } from '@roomweek/contract';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateWhatsappSettings, useWhatsappSettings } from '../api/settings';
import { SettingsFormLayout } from '../components/settings-form-layout';
import { SettingsQuery } from '../components/settings-query';
import { whatsappForm, whatsappMessages } from '../lib/settings-forms';

/** docs/behaviour.md §2 messaging-number settings: one tel field, required, with its country code. */
export default function WhatsappPage() {
  const { t } = useAdminTranslation();
  const settings = useWhatsappSettings();
  return (
    <AdminPage title={t('whatsapp.title')} description={t('whatsapp.subtitle')}>
      <SettingsQuery query={settings} loadFailedKey="whatsapp.loadFailed">
        {(data) => <WhatsappForm settings={data} />}
      </SettingsQuery>
    </AdminPage>
  );
}

function WhatsappForm({ settings }: { settings: WhatsappSettings }) {
  const { t } = useAdminTranslation();
  const save = useUpdateWhatsappSettings();
  const [number, setNumber] = useState(settings.whatsapp_number);
  const form = useMutationForm({
    schema: whatsappForm,
    messages: whatsappMessages,
    t,
    values: () => ({ whatsapp_number: number }),
    mutation: save,
    variables: ({ whatsapp_number }) => whatsapp_number,
    onSaved: (saved) => {
      setNumber(saved.whatsapp_number);
      toast.success(t('whatsapp.toasts.updated'));
    },
    failedKey: 'whatsapp.toasts.updateFailed',
  });

  const delivery = save.data?.delivery ?? settings.delivery;
  return (
    <SettingsFormLayout
      icon={MessageCircle}
      iconClassName="text-emerald-600"
      title={t('whatsapp.formTitle')}
      aboutTitle={t('whatsapp.aboutTitle')}
      form={
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
          <FormField
            label={t('whatsapp.number')}
            name="whatsapp_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            required
            maxLength={30}
            placeholder="+32 470 12 34 56"
            hint={t('whatsapp.numberHint')}
            error={form.errors.whatsapp_number}
          />
          <SubmitButton pending={save.isPending} pendingLabel={t('shared.saving')} className="self-end">
            {t('shared.save')}
          </SubmitButton>
        </form>
      }
    >
      <p>{t('whatsapp.about')}</p>
      <p
        className="flex items-start gap-2 rounded-xl border border-stone-200 bg-stone-50 p-3"
        data-testid="whatsapp-delivery"
      >
        {delivery === 'cloud_api' ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        ) : (
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        )}
        <span>{delivery === 'cloud_api' ? t('whatsapp.delivery.cloud_api') : t('whatsapp.delivery.log')}</span>
      </p>
      <p className="text-stone-500">{t('whatsapp.contactNote')}</p>
    </SettingsFormLayout>
  );
}
