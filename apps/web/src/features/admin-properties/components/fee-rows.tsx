import { FEE_PER, LANGUAGES, type FeePer } from '@roomweek/contract';
import { Plus, Trash2 } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { useTranslation } from '@/lib/i18n';
import { EMPTY_NAMES, rowError, type FeeDraft, type Names } from '../lib/fees-taxes-draft';

/** A fee's or tax's name in the four languages (French required). */
export function NameFields({ name, onChange, prefix }: { name: Names; onChange: (name: Names) => void; prefix: string }) {
  const { t } = useTranslation(['pricing', 'common']);
  return LANGUAGES.map((lang) => (
    <FormField
      key={lang}
      id={`${prefix}-name-${lang}`}
      label={t('admin.name', { language: lang.toUpperCase() })}
      value={name[lang]}
      onChange={(event) => onChange({ ...name, [lang]: event.target.value })}
      required={lang === 'fr'}
    />
  ));
}

/** The fees as rows (code, amount, how it counts, names), each removable, and "Add a fee": a property's or a room's own. */
export function FeeRows({ fees, onChange, idPrefix = 'fee' }: { fees: FeeDraft[]; onChange: (fees: FeeDraft[]) => void; idPrefix?: string }) {
  const { t } = useTranslation(['pricing', 'common']);
  const setFee = (index: number, change: Partial<FeeDraft>) => onChange(fees.map((fee, i) => (i === index ? { ...fee, ...change } : fee)));
  return (
    <>
      {fees.map((fee, index) => {
        const problem = rowError(fee, index, fees, fee.amount);
        const id = `${idPrefix}-${index}`;
        return (
          <div key={index} className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-4" role="group" aria-label={`${t('admin.fees')} ${index + 1}`}>
            <FormField id={`${id}-code`} label={t('admin.code')} value={fee.code} onChange={(event) => setFee(index, { code: event.target.value })} />
            <FormField id={`${id}-amount`} label={t('admin.amount')} inputMode="decimal" value={fee.amount} onChange={(event) => setFee(index, { amount: event.target.value })} />
            <FormField id={`${id}-per`} label={t('admin.per')}>
              {(control) => (
                <NativeSelect {...control} value={fee.per} onChange={(event) => setFee(index, { per: event.target.value as FeePer })}>
                  {FEE_PER.map((per) => (
                    <option key={per} value={per}>
                      {t(`per.${per}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="button" variant="outline" size="sm" className="self-end" onClick={() => onChange(fees.filter((_, i) => i !== index))}>
              <Trash2 aria-hidden="true" />
              {t('admin.remove')}
            </Button>
            <NameFields name={fee.name} onChange={(name) => setFee(index, { name })} prefix={id} />
            {problem ? <p className="text-xs text-red-700 sm:col-span-4">{t(problem)}</p> : null}
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onChange([...fees, { code: `fee${fees.length + 1}`, name: EMPTY_NAMES, amount: '', per: 'stay' }])}
      >
        <Plus aria-hidden="true" />
        {t('admin.addFee')}
      </Button>
    </>
  );
}
