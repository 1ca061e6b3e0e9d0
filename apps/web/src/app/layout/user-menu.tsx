import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/** The menu labelled with the user's name: my account, account settings (admin), logout. Loaded only for signed-in users. */
export default function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, logOut } = useSession();
  if (!user) return null;
  const displayName = [user.first_name, user.name].filter(Boolean).join(' ') || user.email;

  // Logging out returns home (docs/behaviour.md §2); a guarded page still shown meanwhile also goes home (RequireAuth).
  const logout = () => {
    void navigate(paths.home);
    void logOut();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-44 sm:max-w-56" aria-label={t('nav.userMenu', { name: displayName })}>
          <UserRound aria-hidden="true" />
          <span className="hidden truncate sm:inline">{displayName}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-stone-900">{displayName}</span>
          <span className="block truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.account)}>
          <UserRound aria-hidden="true" />
          {t('nav.myAccount')}
        </DropdownMenuItem>
        {user.is_admin ? (
          <DropdownMenuItem onSelect={() => void navigate(paths.adminAccount)}>
            <Settings aria-hidden="true" />
            {t('nav.account')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={logout}>
          <LogOut aria-hidden="true" />
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
