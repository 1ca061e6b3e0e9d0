import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function ComingSoon({ method }: { method: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex gap-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-sm text-stone-700">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
      {t('payment.comingSoon', { method })}
    </p>
  );
}
