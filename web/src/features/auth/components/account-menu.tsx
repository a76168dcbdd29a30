import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { Avatar, initials } from '../../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { LANGUAGES, currentLanguage, isLanguage } from '../../../i18n';
import { LANGUAGE_NAMES } from './language-names';
import { useLogout } from '../api/logout';
import { useChooseLanguage } from '../hooks/use-choose-language';
import { ApprovalBadge } from './approval-badge';

const LANGUAGE_LABEL_ID = 'account-menu-language';

/** The avatar button and its menu: Profile, Admin Panel (admins only), the language, Logout. */
export function AccountMenu({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const chooseLanguage = useChooseLanguage();

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        aria-label={
          // Without a photo the button shows the initials: its name starts with them (WCAG 2.5.3, label in name),
          // so a voice-control user can say what they see.
          user.avatar
            ? t('nav.accountMenu', { name: user.fullName })
            : t('nav.accountMenuInitials', { initials: initials(user.fullName), name: user.fullName })
        }
      >
        <Avatar src={user.avatar} name={user.fullName} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1.5">
          <span className="truncate font-semibold">{user.fullName}</span>
          <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
          {user.isApproved ? <ApprovalBadge className="self-start" /> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserRound aria-hidden="true" />
            {t('nav.profile')}
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <LayoutDashboard aria-hidden="true" />
              {t('nav.adminPanel')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuLabel id={LANGUAGE_LABEL_ID} className="text-xs font-semibold text-muted-foreground">
          {t('nav.language')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-labelledby={LANGUAGE_LABEL_ID}
          value={currentLanguage()}
          onValueChange={(value) => {
            if (isLanguage(value)) chooseLanguage(value);
          }}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
