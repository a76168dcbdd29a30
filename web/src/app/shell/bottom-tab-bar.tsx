import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { cn } from '../../lib/utils';
import { UnreadBadge } from '../../features/messages/components/unread-badge';
import { tabBarItems } from './nav-items';
import { TAB_BAR_CLASS, TAB_BAR_ROW_CLASS } from './header-layout';

/** Phones, signed in: Home, Search, Add, Messages, Profile, above the home indicator (safe area). */
export function BottomTabBar({ unreadBadge }: { unreadBadge: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.tabBarLabel')} className={TAB_BAR_CLASS}>
      <ul className={TAB_BAR_ROW_CLASS}>
        {tabBarItems.map((item) => (
          <li key={item.to} className="flex">
            <NavLink
              to={item.to}
              end={item.to === paths.home}
              className={({ isActive }) =>
                cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  isActive && 'text-primary',
                )
              }
            >
              <item.icon className="size-6" aria-hidden="true" />
              {t(item.labelKey)}
              {item.unreadBadge ? (
                <UnreadBadge enabled={unreadBadge} className="absolute left-1/2 top-1.5 ml-1.5" />
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
