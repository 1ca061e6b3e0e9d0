import { REPORT_GROUPS, type ReportGroup } from '@roomweek/contract';
import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useProperties, useRooms } from '@/features/admin-shell/api/admin-queries';
import type { TFunction } from '@/lib/i18n';
import { PERIOD_PRESETS, type DateRange, type PeriodPreset } from '../lib/periods';

export interface ReportFilter {
  preset: PeriodPreset;
  /** The dates shown: the preset's, or the owner's own once `custom`. */
  range: DateRange;
  propertyId: string;
  roomId: string;
  group: ReportGroup;
}

const isPreset = (value: string): value is PeriodPreset => (PERIOD_PRESETS as readonly string[]).includes(value);
const isGroup = (value: string): value is ReportGroup => (REPORT_GROUPS as readonly string[]).includes(value);

/** The report's filters: a period (a preset or from/to), a property and one of its rooms, months, weeks or days. */
export function ReportFilters({ filter, onChange, error, t }: { filter: ReportFilter; onChange: (next: ReportFilter) => void; error: string | null; t: TFunction }) {
  const properties = useProperties();
  const rooms = useRooms();
  const roomsShown = (rooms.data ?? []).filter((room) => !filter.propertyId || room.property_id === filter.propertyId);
  const propertyName = (id: string) => properties.data?.find((property) => property.id === id)?.name ?? '';
  const set = (change: Partial<ReportFilter>) => onChange({ ...filter, ...change });
  const setDate = (end: keyof DateRange, value: string) => set({ preset: 'custom', range: { ...filter.range, [end]: value } });

  return (
    <div className="flex flex-col gap-2" role="search" aria-label={t('filters.label')}>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="report-period" label={t('filters.period')}>
          <NativeSelect id="report-period" value={filter.preset} onChange={(event) => isPreset(event.target.value) && set({ preset: event.target.value })}>
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`filters.presets.${preset}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="report-from" label={t('filters.from')}>
          <Input id="report-from" type="date" required value={filter.range.from} onChange={(event) => setDate('from', event.target.value)} aria-invalid={error ? true : undefined} />
        </Field>
        <Field id="report-to" label={t('filters.to')}>
          <Input id="report-to" type="date" required value={filter.range.to} onChange={(event) => setDate('to', event.target.value)} aria-invalid={error ? true : undefined} />
        </Field>
        <Field id="report-property" label={t('filters.property')}>
          <NativeSelect id="report-property" value={filter.propertyId} onChange={(event) => set({ propertyId: event.target.value, roomId: '' })}>
            <option value="">{t('filters.allProperties')}</option>
            {(properties.data ?? []).map((property) => (
              <option key={property.id} value={property.id}>
                {property.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="report-room" label={t('filters.room')}>
          <NativeSelect id="report-room" value={filter.roomId} onChange={(event) => set({ roomId: event.target.value })}>
            <option value="">{t('filters.allRooms')}</option>
            {roomsShown.map((room) => (
              <option key={room.id} value={room.id}>
                {filter.propertyId
                  ? t('filters.roomNumber', { number: room.room_number })
                  : t('filters.roomOf', { number: room.room_number, property: propertyName(room.property_id) })}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="report-group" label={t('filters.group')}>
          <NativeSelect id="report-group" value={filter.group} onChange={(event) => isGroup(event.target.value) && set({ group: event.target.value })}>
            {REPORT_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`filters.groups.${group}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-36 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
