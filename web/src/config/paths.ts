/**
 * Every client route of the spec's route table (section 2), so links never hard-code a path. Pages are
 * registered in app/router.tsx as their issues land; until then these paths show the not-found page.
 */
export const paths = {
  home: '/',
  browse: '/browse',
  /** Browse a place: its text, and its gazetteer id when known (issue 22). */
  browseIn: (location: string, placeId?: string) =>
    `/browse?${new URLSearchParams(placeId ? { location, placeId } : { location }).toString()}`,
  addItem: '/add-item',
  editItem: (id: string) => `/edit-item/${encodeURIComponent(id)}`,
  item: (id: string) => `/item/${encodeURIComponent(id)}`,
  messages: '/messages',
  /** A conversation; `itemId` names the item it is about (shown in the chat header, sent with messages). */
  messagesWith: (userId: string, itemId?: string) =>
    `/messages?${new URLSearchParams(itemId ? { user: userId, item: itemId } : { user: userId }).toString()}`,
  profile: '/profile',
  /** Where an alert e-mail's stop link lands (the items service writes the same path into its e-mails). */
  alertStop: '/alerts/stop',
  learnMore: '/learn-more',
  welcome: '/welcome',
  contact: '/contact',
  safetyGuidelines: '/safety-guidelines',
  communityRules: '/community-rules',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  legalSummary: '/legal-summary',
  reportIssue: '/report-issue',
  /** The report form about a user (the hint with their name is left in session storage as well). */
  reportUser: (userId: string) =>
    `/report-issue?${new URLSearchParams({ type: 'user', user: userId }).toString()}`,
  /** The report form about a listing. */
  reportItem: (itemId: string) =>
    `/report-issue?${new URLSearchParams({ type: 'item', item: itemId }).toString()}`,
  reported: '/reported',
  adminReports: '/admin/reports',
  adminAuditLog: '/admin/audit-log',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUser: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  user: (userId: string) => `/user/${encodeURIComponent(userId)}`,
  review: (userId: string) => `/review/${encodeURIComponent(userId)}`,
  login: '/auth/login',
  register: '/auth/register',
} as const;

/** Id of the footer section that explains how to install the app (the footer's "Mobile App" link). */
export const INSTALL_APP_ANCHOR = 'install-app';
