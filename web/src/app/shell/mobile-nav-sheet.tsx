import { CirclePlus } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../config/paths';
import { cn } from '../../lib/utils';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Logo } from '../../components/logo';
import { UnreadBadge } from '../../features/messages/components/unread-badge';
import { canMessage } from './can-message';
import { mainNavItems, type NavItem } from './nav-items';

/**
 * The phones' side sheet with the top navigation (mobile-nav.tsx opens it). A chunk of its own: the dialog
 * machinery (Radix Dialog, focus trap, scroll lock; about 9 KiB compressed) is not part of the first render.
 */
export default function MobileNavSheet({
  user,
  open,
  onOpenChange,
}: {
  user: UserSelf | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const items = [
    ...mainNavItems.filter((item) => !item.requiresUser || user),
    ...(user
      ? [{ to: paths.addItem, labelKey: 'nav.listItem' as const, icon: CirclePlus } satisfies NavItem]
      : []),
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet">
        <DialogTitle className="sr-only">{t('nav.menuTitle')}</DialogTitle>
        <DialogDescription className="sr-only">{t('nav.menuDescription')}</DialogDescription>
        <Logo />
        <nav aria-label={t('nav.menuTitle')}>
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors',
                      'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive && 'bg-accent text-accent-foreground',
                    )
                  }
                >
                  <item.icon className="size-5 text-muted-foreground" aria-hidden="true" />
                  {t(item.labelKey)}
                  {'unreadBadge' in item && item.unreadBadge && user ? (
                    <UnreadBadge enabled={canMessage(user)} className="ml-auto" />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
