import { NO_STAY_RULES, priceStay, TAX_KINDS, feeCentsOf, taxCentsOf, type TaxKind } from '@roomweek/contract';
import { Plus, Trash2 } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatCents } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { EMPTY_NAMES, feesTaxesValues, rowError, type FeesTaxesDraft, type TaxDraft } from '../lib/fees-taxes-draft';
import { FeeRows, NameFields } from './fee-rows';

/**
 * The property form's "Fees and taxes" section (docs/behaviour.md §18): fees and tourist taxes as rows, names in the
 * four languages, VAT included, and a live example for a week for 2 adults and 1 child. The drafts and their checks
 * are lib/fees-taxes-draft.ts's.
 */

const EXAMPLE_RENT_CENTS = 100_000;

export function FeesTaxesFields({ draft, onChange, error }: { draft: FeesTaxesDraft; onChange: (draft: FeesTaxesDraft) => void; error?: string }) {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const language = i18n.language;
  const setTax = (index: number, change: Partial<TaxDraft>) => onChange({ ...draft, taxes: draft.taxes.map((tax, i) => (i === index ? { ...tax, ...change } : tax)) });

  // The live example: a week at 1 000 € for 2 adults and 1 child, with the rows that are valid so far.
  const values = feesTaxesValues(draft);
  const valid = <T extends { amount: number | null; percent?: number | null }>(row: T) =>
    (row.amount === null || Number.isFinite(row.amount)) && (row.percent == null || Number.isFinite(row.percent));
  const vat = Number.isFinite(values.vat_percent) ? values.vat_percent : 0;
  const example = priceStay(
    {
      pricePerWeekCents: EXAMPLE_RENT_CENTS,
      rules: NO_STAY_RULES,
      seasons: [],
      discounts: [],
      terms: { fees: values.fees.filter(valid).map(feeCentsOf), taxes: values.taxes.filter(valid).map(taxCentsOf), vatPercent: vat },
    },
    '2030-01-05',
    '2030-01-12',
    { adults: 2, children: 1 },
  );

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4 sm:col-span-2" data-testid="fees-taxes">
      <legend className="px-1 font-semibold">{t('admin.section')}</legend>
      <p className="text-sm text-stone-600">{t('admin.intro')}</p>

      <h4 className="font-medium">{t('admin.fees')}</h4>
      <FeeRows fees={draft.fees} onChange={(fees) => onChange({ ...draft, fees })} />

      <h4 className="font-medium">{t('admin.taxes')}</h4>
      {draft.taxes.map((tax, index) => {
        const percentKind = tax.kind === 'percent_of_rent';
        const problem = rowError(tax, index, draft.taxes, percentKind ? undefined : tax.amount, percentKind ? tax.percent : undefined);
        return (
          <div key={index} className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-4" role="group" aria-label={`${t('admin.taxes')} ${index + 1}`}>
            <FormField id={`tax-${index}-code`} label={t('admin.code')} value={tax.code} onChange={(event) => setTax(index, { code: event.target.value })} />
            <FormField id={`tax-${index}-kind`} label={t('admin.kind')}>
              {(control) => (
                <NativeSelect {...control} value={tax.kind} onChange={(event) => setTax(index, { kind: event.target.value as TaxKind })}>
                  {TAX_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`kind.${kind}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {percentKind ? (
              <FormField id={`tax-${index}-percent`} label={t('admin.percent')} inputMode="decimal" value={tax.percent} onChange={(event) => setTax(index, { percent: event.target.value })} />
            ) : (
              <FormField id={`tax-${index}-amount`} label={t('admin.amount')} inputMode="decimal" value={tax.amount} onChange={(event) => setTax(index, { amount: event.target.value })} />
            )}
            <FormField id={`tax-${index}-max`} label={t('admin.maxNights')} inputMode="numeric" value={tax.max_nights} onChange={(event) => setTax(index, { max_nights: event.target.value })} />
            {tax.kind === 'per_adult_night' ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={tax.children_exempt} onChange={(event) => setTax(index, { children_exempt: event.target.checked })} />
                {t('admin.childrenExempt')}
              </label>
            ) : null}
            <Button type="button" variant="outline" size="sm" className="self-end" onClick={() => onChange({ ...draft, taxes: draft.taxes.filter((_, i) => i !== index) })}>
              <Trash2 aria-hidden="true" />
              {t('admin.remove')}
            </Button>
            <NameFields name={tax.name} onChange={(name) => setTax(index, { name })} prefix={`tax-${index}`} />
            {problem ? <p className="text-xs text-red-700 sm:col-span-4">{t(problem)}</p> : null}
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() =>
          onChange({
            ...draft,
            taxes: [...draft.taxes, { code: `tax${draft.taxes.length + 1}`, name: EMPTY_NAMES, kind: 'per_adult_night', amount: '', percent: '', max_nights: '', children_exempt: true }],
          })
        }
      >
        <Plus aria-hidden="true" />
        {t('admin.addTax')}
      </Button>

      <FormField
        id="vat-percent"
        label={t('admin.vatPercent')}
        inputMode="decimal"
        value={draft.vat_percent}
        onChange={(event) => onChange({ ...draft, vat_percent: event.target.value })}
        error={Number.isFinite(values.vat_percent) && values.vat_percent >= 0 && values.vat_percent <= 30 ? undefined : t('admin.errors.vatInvalid')}
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}

      <div className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="fees-taxes-example">
        <p className="font-medium">{t('admin.example')}</p>
        <p>
          {t('rent')} {formatCents(example.rentCents, language)} · {t('fees')} {formatCents(example.feesCents, language)} · {t('taxes')}{' '}
          {formatCents(example.taxesCents, language)} · {t('total')} {formatCents(example.totalCents, language)}
        </p>
        {example.vatCents > 0 ? <p className="text-xs text-stone-500">{t('vatIncluded', { amount: formatCents(example.vatCents, language) })}</p> : null}
      </div>
    </fieldset>
  );
}
