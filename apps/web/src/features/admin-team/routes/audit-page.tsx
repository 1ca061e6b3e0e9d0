import type { AuditEntry, AuditQuery } from '@roomweek/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { errorMessage } from '@/lib/error-message';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useAudit } from '../api/team';

type Filters = { actor: string; action: string; target: string; from: string; to: string };
const EMPTY: Filters = { actor: '', action: '', target: '', from: '', to: '' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters as the API reads them: dates as the start (from) or the end (to) of that day, in this browser's zone. */
function toQuery(filters: Filters, cursor: string | undefined): Partial<AuditQuery> {
  const day = (value: string, end: boolean) => (value ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);
  return {
    limit: 50,
    ...(UUID.test(filters.actor.trim()) && { actor: filters.actor.trim() }),
    ...(filters.action.trim() && { action: filters.action.trim() }),
    ...(filters.target.trim() && { target: filters.target.trim() }),
    ...(filters.from && { from: day(filters.from, false) }),
    ...(filters.to && { to: day(filters.to, true) }),
    ...(cursor && { cursor }),
  };
}

/** The audit log (docs/decisions/0039): who did what, when, from where; filters and older pages. */
export default function AuditPage() {
  const { t, i18n } = useTranslation(['team', 'admin', 'common']);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [cursors, setCursors] = useState<string[]>([]);
  const audit = useAudit(toQuery(filters, cursors[cursors.length - 1]));
  const field = (key: keyof Filters, type = 'text') => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`audit-${key}`}>{t(`audit.filters.${key}`)}</Label>
      <Input id={`audit-${key}`} type={type} maxLength={120} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
    </div>
  );
  return (
    <AdminPage title={t('audit.title')} description={t('audit.description')}>
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('audit.filtersLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setCursors([]);
        }}
      >
        {field('actor')}
        {field('action')}
        {field('target')}
        {field('from', 'date')}
        {field('to', 'date')}
        <Button type="submit">{t('audit.apply')}</Button>
      </form>
      {audit.isError ? <p role="alert">{errorMessage(t, audit.error, 'errors.internal_error')}</p> : null}
      {audit.data?.entries.length === 0 ? <p className="text-stone-600">{t('audit.empty')}</p> : null}
      <ul className="flex flex-col gap-2" aria-label={t('audit.listLabel')}>
        {audit.data?.entries.map((entry) => (
          <li key={entry.id}>
            <EntryCard entry={entry} t={t} language={i18n.language} />
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button variant="outline" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('audit.newer')}
        </Button>
        <Button variant="outline" disabled={!audit.data?.next_cursor} onClick={() => audit.data?.next_cursor && setCursors([...cursors, audit.data.next_cursor])}>
          {t('audit.older')}
        </Button>
      </div>
    </AdminPage>
  );
}

function EntryCard({ entry, t, language }: { entry: AuditEntry; t: TFunction; language: string }) {
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(entry.at));
  return (
    <Card className="flex flex-col gap-1 p-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap gap-3">
        <time dateTime={entry.at} className="text-stone-600">
          {when}
        </time>
        <span className="font-mono font-semibold">{entry.action}</span>
        {entry.target ? <span className="font-mono">{entry.target}</span> : null}
      </div>
      <div className="text-stone-600">
        {t('audit.by', { who: entry.actor_email ?? t('audit.nobody'), role: entry.actor_role ? t(`roles.${entry.actor_role}`) : '—', ip: entry.ip ?? '—' })}
      </div>
      {entry.before !== null || entry.after !== null ? (
        <details>
          <summary className="cursor-pointer">{t('audit.change')}</summary>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">
            {entry.before !== null ? `${t('audit.before')}: ${JSON.stringify(entry.before, null, 1)}\n` : ''}
            {`${t('audit.after')}: ${JSON.stringify(entry.after, null, 1)}`}
          </pre>
        </details>
      ) : null}
    </Card>
  );
}
