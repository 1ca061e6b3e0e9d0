import { MonitorSmartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security';

const when = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The account page's signed-in devices (docs/decisions/0034): each one, signing one out, or every other one. */
export function SessionsSettings() {
  const { t, i18n } = useTranslation(['security', 'common']);
  const { signIn } = useSession();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: unknown) => toast.error(errorMessage(t, error, 'sessions.failed'));

  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="sessions">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-brand-600" />
        {t('sessions.title')}
      </h2>
      <p className="text-sm text-stone-600">{t('sessions.text')}</p>
      {sessions.data ? (
        <ul className="flex flex-col divide-y divide-stone-200">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="flex flex-col text-sm">
                <span className="font-medium">
                  {session.browser ?? t('sessions.unknownBrowser')}
                  {session.current ? ` · ${t('sessions.current')}` : ''}
                </span>
                <span className="text-stone-500">
                  {[
                    t('sessions.created', { date: when(session.created_at, i18n.language) }),
                    t('sessions.lastSeen', { date: when(session.last_seen_at, i18n.language) }),
                    session.ip,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={end.isPending}
                  onClick={() => end.mutate(session.id, { onSuccess: () => toast.success(t('sessions.ended')), onError: failed })}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-500">{t('sessions.loading')}</p>
      )}
      <Button
        variant="outline"
        className="self-start"
        disabled={endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            // Every token but a fresh one for this browser has ended: keep the new one.
            onSuccess: (auth) => {
              signIn(auth);
              toast.success(t('sessions.endedOthers'));
            },
            onError: failed,
          })
        }
      >
        {t('sessions.endOthers')}
      </Button>
    </Card>
  );
}
