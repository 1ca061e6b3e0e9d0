import { addDays, may, type CheckInArrival } from '@roomweek/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, CircleCheck, CircleDashed, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useSiteToday } from '@/config/public-config';
import { useProperties } from '@/features/admin-shell/api/admin-queries';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useDownload } from '@/lib/use-download';
import { CheckInMark } from '../components/check-in-mark';

/**
 * /admin/check-ins (docs/behaviour.md §21): the stays arriving on a day, whose online check-in is complete, each
 * traveller by name; admins export the day's travellers for the authorities.
 */
export default function CheckInsPage() {
  const { t, i18n } = useAdminTranslation();
  const { user } = useSession();
  const today = useSiteToday();
  const [chosen, setChosen] = useState<string | null>(null);
  const [propertyId, setPropertyId] = useState('');
  const date = chosen ?? today;
  const properties = useProperties();
  const query = { date: date ?? '', ...(propertyId && { property_id: propertyId }) };
  const day = useQuery({
    queryKey: ['admin', 'check-ins', query],
    queryFn: ({ signal }) => adminApi.checkIns.day(query, signal),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
  const { busy: exporting, download } = useDownload(t, 'checkIns.exportFailed');
  const exportCsv = () => date && download(() => adminApi.checkIns.exportCsv({ from: date, to: date, ...(propertyId && { property_id: propertyId }) }));

  return (
    <AdminPage
      title={t('checkIns.title')}
      description={t('checkIns.description')}
      actions={
        may(user?.role, 'check_ins.export') ? (
          <Button type="button" variant="outline" onClick={exportCsv} disabled={!date || exporting} data-testid="check-ins-export">
            <FileDown aria-hidden className="size-4" />
            {t('checkIns.export')}
          </Button>
        ) : null
      }
    >
      {date ? (
        <div className="flex flex-wrap items-end gap-3">
          <Button type="button" variant="outline" size="icon" aria-label={t('checkIns.previous')} onClick={() => setChosen(addDays(date, -1))}>
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          <div className="flex flex-col gap-1">
            <Label htmlFor="check-ins-date">{t('checkIns.date')}</Label>
            <Input id="check-ins-date" type="date" required value={date} onChange={(event) => event.target.value && setChosen(event.target.value)} />
          </div>
          <Button type="button" variant="outline" size="icon" aria-label={t('checkIns.next')} onClick={() => setChosen(addDays(date, 1))}>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
          <div className="flex flex-col gap-1">
            <Label htmlFor="check-ins-property">{t('checkIns.property')}</Label>
            <NativeSelect id="check-ins-property" value={propertyId} onChange={(event) => setPropertyId(event.target.value)}>
              <option value="">{t('checkIns.allProperties')}</option>
              {(properties.data ?? []).map((property) => (
                <option key={property.id} value={property.id}>
                  {property.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      ) : null}
      {day.error ? <p role="alert">{errorMessage(t, day.error, 'checkIns.loadFailed')}</p> : null}
      {day.data ? (
        day.data.arrivals.length === 0 ? (
          <p className="text-stone-600">{t('checkIns.empty')}</p>
        ) : (
          <section className="flex flex-col gap-3" aria-label={formatDate(day.data.date, i18n.language)}>
            <p className="text-sm text-stone-600" data-testid="check-ins-summary">
              {t('checkIns.summary', { complete: day.data.complete, count: day.data.arrivals.length })}
            </p>
            {day.data.arrivals.map((arrival) => (
              <ArrivalCard key={arrival.booking_id} arrival={arrival} t={t} language={i18n.language} />
            ))}
          </section>
        )
      ) : null}
    </AdminPage>
  );
}

function ArrivalCard({ arrival, t, language }: { arrival: CheckInArrival; t: TFunction; language: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4" role="article" aria-label={arrival.guest_name} data-testid="check-in-arrival">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">{arrival.guest_name}</h2>
          <p className="text-sm text-stone-600">
            {arrival.property_name} · {t('checkIns.room', { number: arrival.room_number })} · {t('checkIns.until', { date: formatDate(arrival.end_date, language) })}
          </p>
          <p className="text-sm text-stone-600">
            {arrival.arrival_time ? t('checkIns.arrivalTime', { time: arrival.arrival_time }) : t('checkIns.noArrivalTime')}
          </p>
        </div>
        <CheckInMark status={arrival.status} />
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {arrival.travellers.map((traveller, index) => (
          <li key={index} className="flex items-center gap-2" data-testid="check-in-traveller" data-complete={traveller.complete}>
            {traveller.complete ? (
              <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-700" />
            ) : (
              <CircleDashed aria-hidden className="size-4 shrink-0 text-amber-700" />
            )}
            <span>{traveller.name ?? t('checkIns.travellerUnnamed')}</span>
            <span className="text-stone-500">
              ({t(traveller.minor ? 'checkIns.child' : 'checkIns.adult')}, {t(traveller.complete ? 'checkIns.travellerComplete' : 'checkIns.travellerMissing')})
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
