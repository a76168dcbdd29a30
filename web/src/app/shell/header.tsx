import { Suspense } from 'react';
import { CirclePlus } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../config/paths';
import { cn } from '../../lib/utils';
import { preloadable } from '../../lib/preloadable';
import { Logo } from '../../components/logo';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApprovalBadge } from '../../features/auth/components/approval-badge';
import { UnreadBadge } from '../../features/messages/components/unread-badge';
import { canMessage } from './can-message';
import { HEADER_BAR_CLASS, HEADER_ROW_CLASS } from './header-layout';
import { MobileNav } from './mobile-nav';
import { mainNavItems } from './nav-items';

/* The account menu's dropdown (Radix menu and its positioning, about 35 kB) is for signed-in users only. */
const accountMenu = preloadable(() =>
  import('../../features/auth/components/account-menu').then((m) => ({ default: m.AccountMenu })),
);
const AccountMenu = accountMenu.Component;
/** Loads the account menu's chunk (the server renderer, before its first page). */
export const loadAccountMenu = accountMenu.load;

interface HeaderProps {
  user: UserSelf | null;
  /** The stored token is being checked: show a placeholder instead of flashing Login / Sign Up. */
  userLoading: boolean;
}

export function Header({ user, userLoading }: HeaderProps) {
  const { t } = useTranslation();
  const items = mainNavItems.filter((item) => !item.requiresUser || user);

  return (
    <header className={HEADER_BAR_CLASS}>
      <div className={HEADER_ROW_CLASS}>
        <Link
          to={paths.home}
          aria-label={t('nav.homeLink')}
          className="-ml-1 min-w-0 rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {/* The buttons keep their room: where they leave too little (a visitor's two long labels in Spanish,
              French or German on a phone) the wordmark wraps onto a hidden second line; the mark stays. */}
          <Logo className="flex h-8 flex-wrap overflow-hidden" />
        </Link>

        <nav aria-label={t('nav.mainLabel')} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
                      'hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive && 'bg-accent text-accent-foreground',
                    )
                  }
                >
                  {t(item.labelKey)}
                  {item.unreadBadge && user ? (
                    <UnreadBadge enabled={canMessage(user)} className="ml-1.5" />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-2">
          {userLoading ? (
            <Skeleton className="size-9 rounded-full" />
          ) : user ? (
            <>
              <Link
                to={paths.addItem}
                className={buttonVariants({ size: 'sm', className: 'hidden md:inline-flex' })}
              >
                <CirclePlus aria-hidden="true" />
                {t('nav.listItem')}
              </Link>
              {user.isApproved ? <ApprovalBadge className="hidden lg:inline-flex" /> : null}
              <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
                <AccountMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to={paths.login} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                {t('nav.login')}
              </Link>
              <Link to={paths.register} className={buttonVariants({ size: 'sm' })}>
                {t('nav.signUp')}
              </Link>
            </>
          )}
          <MobileNav user={user} />
        </div>
      </div>
    </header>
  );
}
