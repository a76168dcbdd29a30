import type { LucideIcon } from 'lucide-react';
import { CirclePlus, Compass, House, MessageCircle, Search, UserRound } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  labelKey: ParseKeys;
  icon: LucideIcon;
  /** Only for signed-in users. */
  requiresUser?: boolean;
  /** Carries the live unread-messages badge. */
  unreadBadge?: boolean;
}

/** Top navigation (spec section 2, Shell). */
export const mainNavItems: NavItem[] = [
  { to: paths.browse, labelKey: 'nav.browse', icon: Search },
  { to: paths.learnMore, labelKey: 'nav.learnMore', icon: Compass },
  {
    to: paths.messages,
    labelKey: 'nav.messages',
    icon: MessageCircle,
    requiresUser: true,
    unreadBadge: true,
  },
];

/** Bottom tab bar on phones, signed-in users only. */
export const tabBarItems: NavItem[] = [
  { to: paths.home, labelKey: 'nav.tabs.home', icon: House },
  { to: paths.browse, labelKey: 'nav.tabs.search', icon: Search },
  { to: paths.addItem, labelKey: 'nav.tabs.add', icon: CirclePlus },
  { to: paths.messages, labelKey: 'nav.tabs.messages', icon: MessageCircle, unreadBadge: true },
  { to: paths.profile, labelKey: 'nav.tabs.profile', icon: UserRound },
];
