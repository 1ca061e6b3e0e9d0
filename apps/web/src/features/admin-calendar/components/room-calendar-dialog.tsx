import type { Calendar, Language, TimelineRoom } from '@roomweek/contract';
import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { INTL_LOCALES } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAddCalendar, useRegenerateToken, useRemoveCalendar, useRoomCalendars, useSyncCalendar } from '../api/calendar';

const dateTime = (instant: string, language: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language as Language] ?? INTL_LOCALES.fr, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));

/** A feed's `last_error` (`timeout`, `http_error:503`…) in the admin's language. */
export function feedError(t: TFunction, code: string): string {
  const [failure = '', status = ''] = code.split(':');
  return t(`calendar.feedErrors.${failure}`, { status, defaultValue: code });
}

export interface RoomCalendarTarget {
  room: TimelineRoom;
  propertyName: string;
}

/** A room's calendar sync (docs/behaviour.md §14): block nights, its exported feed's secret URL, the feeds it imports. */
export function RoomCalendarDialog({ target, onClose, onBlock }: { target: RoomCalendarTarget | null; onClose: () => void; onBlock: (target: RoomCalendarTarget) => void }) {
  const { t } = useAdminTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {target ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('calendar.sync.title', { number: target.room.room_number, property: target.propertyName })}</DialogTitle>
              <DialogDescription>{t('calendar.sync.description')}</DialogDescription>
            </DialogHeader>
            <Button variant="outline" className="self-start" onClick={() => onBlock(target)}>
              <CalendarPlus aria-hidden="true" />
              {t('calendar.newBlock.title')}
            </Button>
            <ExportSection room={target.room} />
            <ImportSection roomId={target.room.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ExportSection({ room }: { room: TimelineRoom }) {
  const { t } = useAdminTranslation();
  const regenerate = useRegenerateToken();
  const [url, setUrl] = useState(room.ical_export_url);
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendar.sync.copied'));
    } catch {
      // No clipboard (an insecure origin): the address stays selected for a manual copy.
      (document.getElementById(`export-${room.id}`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4" aria-labelledby={`export-title-${room.id}`}>
      <h3 id={`export-title-${room.id}`} className="font-semibold">
        {t('calendar.sync.exportTitle')}
      </h3>
      <p className="text-sm text-stone-600">{t('calendar.sync.exportHelp')}</p>
      <FormField label={t('calendar.sync.exportLabel')} id={`export-${room.id}`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono" />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('calendar.sync.copy')}
        </Button>
        <Button size="sm" variant="outline" disabled={regenerate.isPending} onClick={() => setConfirming(true)}>
          {regenerate.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t('calendar.sync.regenerate')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('calendar.sync.regenerate')}
        description={t('calendar.sync.regenerateConfirm')}
        confirmLabel={t('calendar.sync.regenerate')}
        destructive
        onConfirm={() =>
          regenerate.mutate(room.id, {
            onSuccess: (answer) => {
              setUrl(answer.ical_export_url);
              toast.success(t('calendar.sync.regenerated'));
            },
            onError: (error) => toast.error(errorMessage(t, error, 'calendar.loadFailed')),
          })
        }
      />
    </section>
  );
}

function ImportSection({ roomId }: { roomId: string }) {
  const { t } = useAdminTranslation();
  const calendars = useRoomCalendars(roomId);
  const add = useAddCalendar();
  const [draft, setDraft] = useState({ name: '', url: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const url = draft.url.trim();
    if (!name || !/^https?:\/\/\S+$/i.test(url)) {
      setError(t('errors.validation_error'));
      return;
    }
    setError(null);
    add.mutate(
      { roomId, body: { name, url } },
      {
        onSuccess: (calendar) => {
          setDraft({ name: '', url: '' });
          if (calendar.last_error) toast.error(feedError(t, calendar.last_error));
          else toast.success(t('calendar.sync.added'));
        },
        onError: (failure) => setError(errorMessage(t, failure, 'calendar.sync.failed')),
      },
    );
  };
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4" aria-labelledby={`import-title-${roomId}`}>
      <h3 id={`import-title-${roomId}`} className="font-semibold">
        {t('calendar.sync.importTitle')}
      </h3>
      {calendars.isPending ? (
        <Spinner />
      ) : calendars.data?.length ? (
        <ul className="flex flex-col gap-2">
          {calendars.data.map((calendar) => (
            <FeedItem key={calendar.id} calendar={calendar} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">{t('calendar.sync.noCalendars')}</p>
      )}
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" noValidate>
        <FormField label={t('calendar.sync.name')} placeholder={t('calendar.sync.namePlaceholder')} maxLength={100} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <FormField label={t('calendar.sync.url')} type="url" placeholder={t('calendar.sync.urlPlaceholder')} maxLength={2000} value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : null}
          {t('calendar.sync.add')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function FeedItem({ calendar }: { calendar: Calendar }) {
  const { t, i18n } = useAdminTranslation();
  const sync = useSyncCalendar();
  const remove = useRemoveCalendar();
  const ids = { roomId: calendar.room_id, calendarId: calendar.id };
  return (
    <li className="flex flex-col gap-1 rounded-lg bg-stone-50 p-3 text-sm" data-testid="imported-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{calendar.name}</p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={sync.isPending}
            onClick={() =>
              sync.mutate(ids, {
                onSuccess: (answer) => (answer.last_error ? toast.error(feedError(t, answer.last_error)) : toast.success(t('calendar.sync.synced'))),
                onError: (error) => toast.error(errorMessage(t, error, 'calendar.sync.syncFailed')),
              })
            }
          >
            {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t('calendar.sync.syncNow')}
          </Button>
          <Button
            size="sm"
            variant="destructive-outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(ids, {
                onSuccess: () => toast.success(t('calendar.sync.removed')),
                onError: (error) => toast.error(errorMessage(t, error, 'calendar.sync.failed')),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {t('calendar.sync.remove')}
          </Button>
        </div>
      </div>
      <Input readOnly value={calendar.url} aria-label={`${calendar.name}: ${t('calendar.sync.url')}`} className="h-8 font-mono text-xs" />
      <p className="text-stone-600">
        {calendar.last_synced_at ? t('calendar.sync.lastSynced', { time: dateTime(calendar.last_synced_at, i18n.language) }) : t('calendar.sync.neverSynced')}
        {' · '}
        {t('calendar.sync.events', { count: calendar.events })}
        {calendar.conflicts ? <span className="font-medium text-red-700"> · {t('calendar.sync.conflicts', { count: calendar.conflicts })}</span> : null}
      </p>
      {calendar.last_error ? (
        <p className="text-red-700" role="status">
          {feedError(t, calendar.last_error)}
          {calendar.last_attempt_at ? ` (${t('calendar.sync.lastAttempt', { time: dateTime(calendar.last_attempt_at, i18n.language) })})` : ''}. {t('calendar.feedErrors.kept')}
        </p>
      ) : null}
    </li>
  );
}
