import {
  FEE_PER,
  LANGUAGES,
  NO_STAY_RULES,
  priceStay,
  TAX_KINDS,
  feeCentsOf,
  taxCentsOf,
  type Fee,
  type FeePer,
  type Property,
  type Tax,
  type TaxKind,
} from '@roomweek/contract';
import { Plus, Trash2 } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatCents } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * The property form's "Fees and taxes" section (docs/behaviour.md §18): fees and tourist taxes as rows, names in the
 * four languages, VAT included, and a live example for a week for 2 adults and 1 child. The server checks it all
 * again (400 naming the field); the rows' own checks here say what is wrong before sending.
 */

type Names = Record<(typeof LANGUAGES)[number], string>;
export interface FeeDraft {
  code: string;
  name: Names;
  amount: string;
  per: FeePer;
}
export interface TaxDraft {
  code: string;
  name: Names;
  kind: TaxKind;
  amount: string;
  percent: string;
  max_nights: string;
  children_exempt: boolean;
}
export interface FeesTaxesDraft {
  fees: FeeDraft[];
  taxes: TaxDraft[];
  vat_percent: string;
}

const namesOf = (name: Fee['name']): Names => ({ fr: name.fr, es: name.es ?? '', pt: name.pt ?? '', en: name.en ?? '' });
const text = (value: number | null) => (value === null ? '' : String(value));

export const feesTaxesDraftOf = (property: Property | null): FeesTaxesDraft => ({
  fees: (property?.fees ?? []).map((fee) => ({ code: fee.code, name: namesOf(fee.name), amount: String(fee.amount), per: fee.per })),
  taxes: (property?.taxes ?? []).map((tax) => ({
    code: tax.code,
    name: namesOf(tax.name),
    kind: tax.kind,
    amount: text(tax.amount),
    percent: text(tax.percent),
    max_nights: text(tax.max_nights),
    children_exempt: tax.children_exempt,
  })),
  vat_percent: String(property?.vat_percent ?? 0),
});

/** A decimal as typed (a comma allowed); blank or not a number: NaN, which the schema refuses. */
const decimal = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim().replace(',', '.')));
const nullableDecimal = (value: string) => (value.trim() === '' ? null : decimal(value));
const names = (name: Names) => ({ fr: name.fr.trim(), ...Object.fromEntries(LANGUAGES.filter((l) => l !== 'fr' && name[l].trim()).map((l) => [l, name[l].trim()])) }) as Fee['name'];

/** The body's `fees`, `taxes` and `vat_percent` from the rows. */
export const feesTaxesValues = (draft: FeesTaxesDraft): { fees: Fee[]; taxes: Tax[]; vat_percent: number } => ({
  fees: draft.fees.map((fee) => ({ code: fee.code.trim(), name: names(fee.name), amount: decimal(fee.amount), per: fee.per })),
  taxes: draft.taxes.map((tax) => ({
    code: tax.code.trim(),
    name: names(tax.name),
    kind: tax.kind,
    amount: tax.kind === 'percent_of_rent' ? null : decimal(tax.amount),
    percent: tax.kind === 'percent_of_rent' ? decimal(tax.percent) : null,
    max_nights: nullableDecimal(tax.max_nights),
    children_exempt: tax.children_exempt,
  })),
  vat_percent: decimal(draft.vat_percent),
});

const money = /^\d+([.,]\d{1,2})?$/;

/** What is wrong with a row, as a pricing.json key, or null. */
function rowError(row: { code: string; name: Names }, index: number, rows: { code: string }[], amount?: string, percent?: string): string | null {
  if (!row.name.fr.trim()) return 'admin.errors.nameRequired';
  if (rows.findIndex((other) => other.code.trim() === row.code.trim()) !== index) return 'admin.errors.duplicateCode';
  if (amount !== undefined && !money.test(amount.trim())) return 'admin.errors.amountInvalid';
  if (percent !== undefined && !(money.test(percent.trim()) && decimal(percent) <= 100)) return 'admin.errors.percentInvalid';
  return null;
}

const EXAMPLE_RENT_CENTS = 100_000;

export function FeesTaxesFields({ draft, onChange, error }: { draft: FeesTaxesDraft; onChange: (draft: FeesTaxesDraft) => void; error?: string }) {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const language = i18n.language;
  const setFee = (index: number, change: Partial<FeeDraft>) => onChange({ ...draft, fees: draft.fees.map((fee, i) => (i === index ? { ...fee, ...change } : fee)) });
  const setTax = (index: number, change: Partial<TaxDraft>) => onChange({ ...draft, taxes: draft.taxes.map((tax, i) => (i === index ? { ...tax, ...change } : tax)) });
  const empty: Names = { fr: '', es: '', pt: '', en: '' };

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

  const nameFields = (name: Names, onName: (name: Names) => void, prefix: string) =>
    LANGUAGES.map((lang) => (
      <FormField
        key={lang}
        id={`${prefix}-name-${lang}`}
        label={t('admin.name', { language: lang.toUpperCase() })}
        value={name[lang]}
        onChange={(event) => onName({ ...name, [lang]: event.target.value })}
        required={lang === 'fr'}
      />
    ));

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4 sm:col-span-2" data-testid="fees-taxes">
      <legend className="px-1 font-semibold">{t('admin.section')}</legend>
      <p className="text-sm text-stone-600">{t('admin.intro')}</p>

      <h4 className="font-medium">{t('admin.fees')}</h4>
      {draft.fees.map((fee, index) => {
        const problem = rowError(fee, index, draft.fees, fee.amount);
        return (
          <div key={index} className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-4" role="group" aria-label={`${t('admin.fees')} ${index + 1}`}>
            <FormField id={`fee-${index}-code`} label={t('admin.code')} value={fee.code} onChange={(event) => setFee(index, { code: event.target.value })} />
            <FormField id={`fee-${index}-amount`} label={t('admin.amount')} inputMode="decimal" value={fee.amount} onChange={(event) => setFee(index, { amount: event.target.value })} />
            <FormField id={`fee-${index}-per`} label={t('admin.per')}>
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
            <Button type="button" variant="outline" size="sm" className="self-end" onClick={() => onChange({ ...draft, fees: draft.fees.filter((_, i) => i !== index) })}>
              <Trash2 aria-hidden="true" />
              {t('admin.remove')}
            </Button>
            {nameFields(fee.name, (name) => setFee(index, { name }), `fee-${index}`)}
            {problem ? <p className="text-xs text-red-700 sm:col-span-4">{t(problem)}</p> : null}
          </div>
        );
      })}
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => onChange({ ...draft, fees: [...draft.fees, { code: `fee${draft.fees.length + 1}`, name: empty, amount: '', per: 'stay' }] })}>
        <Plus aria-hidden="true" />
        {t('admin.addFee')}
      </Button>

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
            {nameFields(tax.name, (name) => setTax(index, { name }), `tax-${index}`)}
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
            taxes: [...draft.taxes, { code: `tax${draft.taxes.length + 1}`, name: empty, kind: 'per_adult_night', amount: '', percent: '', max_nights: '', children_exempt: true }],
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
