import { TriangleAlert } from 'lucide-react';
import type { SiteWarning } from '@roomweek/contract';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';

/** docs/behaviour.md §13: what the operator should fix in the site's configuration, as the bookings summary lists it. */
export function SiteWarningsNotice({ warnings }: { warnings: readonly SiteWarning[] | undefined }) {
  const { t } = useAdminTranslation();
  if (!warnings?.length) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="flex flex-1 flex-col gap-1">
        {warnings.map((warning) => (
          <div key={warning}>
            <p className="font-semibold">{t(`dashboard.warnings.${warning}.title`)}</p>
            <p className="text-sm">{t(`dashboard.warnings.${warning}.body`)}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
