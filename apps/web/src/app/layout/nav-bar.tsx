import { CalendarCheck, LayoutDashboard, LogIn, MessageCircle, UserPlus } from 'lucide-react';
import { isStaffRole } from '@roomweek/contract';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { LanguageSelector } from './language-selector';

// The dropdown menu's code is only needed once someone is signed in.
const UserMenu = lazy(() => import('./user-menu'));

function NavButton({
  to,
  icon: Icon,
  label,
  variant = 'ghost',
}: {
  to: string;
  icon: typeof LogIn;
  label: string;
  variant?: 'ghost' | 'default';
}) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      className={buttonClasses(variant, 'compact')}
    >
      <Icon aria-hidden="true" />
      <span className="hidden md:inline">{label}</span>
    </NavLink>
  );
}

export function NavBar() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label={t('nav.main')} className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <Link
          to={paths.home}
          className="mr-auto flex items-center gap-2 rounded-lg font-bold text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t('nav.homeLabel')}
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <svg aria-hidden="true" viewBox="0 0 32 32" className="size-5" fill="currentColor">
              <path d="M5 25V13l11-8 11 8v12h-8v-7h-6v7z" />
            </svg>
          </span>
          <span className="hidden text-lg sm:inline">{t('app.name')}</span>
        </Link>
        <LanguageSelector />
        <NavButton to={paths.contact} icon={MessageCircle} label={t('nav.contact')} />
        {status === 'loading' ? <Skeleton className="h-9 w-24" /> : null}
        {user ? (
          <>
            <NavButton to={paths.myBookings} icon={CalendarCheck} label={t('nav.myBookings')} />
            {isStaffRole(user.role) ? <NavButton to={paths.admin} icon={LayoutDashboard} label={t('nav.admin')} /> : null}
            <Suspense fallback={<Skeleton className="h-9 w-24" />}>
              <UserMenu />
            </Suspense>
          </>
        ) : null}
        {status === 'anonymous' ? (
          <>
            <NavButton to={paths.login} icon={LogIn} label={t('nav.login')} />
            <NavButton to={paths.register} icon={UserPlus} label={t('nav.register')} variant="default" />
          </>
        ) : null}
      </nav>
    </header>
  );
}
