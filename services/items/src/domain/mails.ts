import type { NotificationMail } from '@nomadswap/service-kit/notifications';
import type { PushJob } from '@nomadswap/service-kit/push';

/** The e-mail texts of the items service (its catalogue): what the owner reads, written once here. */
export const ITEM_MAILS = {
  reminderSubject: (count: number, cities: string) =>
    `${count === 1 ? '1 item' : `${count} items`} still listed in ${cities}`,
  reminderBody: (props: { name: string; count: number; cities: string; when: string; titles: string[] }) =>
    `Hi ${props.name},\n\n` +
    `${props.count === 1 ? 'Your item' : `${props.count} of your items`} in ${props.cities} ` +
    `${props.count === 1 ? 'is' : 'are'} still listed and leave${props.count === 1 ? 's' : ''} the listings ` +
    `${props.when}:\n\n${props.titles.map((title) => `- ${title}`).join('\n')}\n\n` +
    'Mark swapped, extend, or give away to someone who asked.',
  /** How far off the deadline is, by the reminder's moment. */
  within: (beforeMs: number) => `in ${Math.round(beforeMs / 3_600_000)} hours`,
  signature: '\n\n— The NomadSwap team\n',
  myItemsPath: '/profile',
} as const;

/** The city part of a location label ('Lisbon, Portugal' → 'Lisbon'). */
const cityOf = (location: string) => location.split(',')[0]!.trim() || location;

/** "Lisbon", "Lisbon and Porto", "Lisbon, Porto and Faro". */
function joinCities(locations: string[]): string {
  const cities = [...new Set(locations.map(cityOf))];
  return cities.length <= 1
    ? (cities[0] ?? '')
    : `${cities.slice(0, -1).join(', ')} and ${cities[cities.length - 1]}`;
}

/** The reminder of one owner's items leaving at one moment: "3 items still listed in Lisbon". */
export function deadlineReminderMail(props: {
  to: string;
  name: string;
  items: { title: string; location: string }[];
  beforeMs: number;
  publicUrl?: string;
}): NotificationMail {
  const cities = joinCities(props.items.map((item) => item.location));
  const count = props.items.length;
  const link = props.publicUrl ? `\n\n${new URL(ITEM_MAILS.myItemsPath, props.publicUrl).href}` : '';
  return {
    to: props.to,
    subject: ITEM_MAILS.reminderSubject(count, cities),
    text:
      ITEM_MAILS.reminderBody({
        name: props.name,
        count,
        cities,
        when: ITEM_MAILS.within(props.beforeMs),
        titles: props.items.map((item) => item.title),
      }) +
      link +
      ITEM_MAILS.signature,
  };
}

/** The same reminder as a push (issue 23): one per owner and deadline, honouring their reminders switch. */
export function deadlineReminderPush(props: {
  userId: string;
  items: { title: string; location: string }[];
  at: Date;
  beforeMs: number;
}): PushJob {
  const cities = joinCities(props.items.map((item) => item.location));
  const count = props.items.length;
  return {
    userId: props.userId,
    kind: 'reminders',
    title: ITEM_MAILS.reminderSubject(count, cities),
    body: `${count === 1 ? 'It leaves' : 'They leave'} the listings ${ITEM_MAILS.within(props.beforeMs)}: mark swapped or extend.`,
    url: ITEM_MAILS.myItemsPath,
    tag: `deadline-${props.at.getTime()}`,
  };
}
