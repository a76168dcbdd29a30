import {
  inHours,
  joinList,
  textsFor,
  userLanguage,
  type TextCatalogue,
} from '@nomadswap/service-kit/language';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';
import type { PushJob } from '@nomadswap/service-kit/push';
import type { Category } from '@nomadswap/contracts/enums';
import { ALERT_LIMITS } from '@nomadswap/contracts/alerts';

interface ReminderFacts {
  name: string;
  count: number;
  cities: string;
  /** "in 24 hours", in the owner's language. */
  when: string;
  titles: string[];
}

/**
 * The e-mail texts of the items service (its catalogue, issue 23): what the owner reads, written once here in
 * the five languages. `one` is the count of 1 (each of the five languages has only "one" and "other" below a
 * million).
 */
interface ItemMailTexts {
  reminderSubject: (count: number, cities: string) => string;
  reminderBody: (facts: ReminderFacts) => string;
  /** The reminder as a push's body: short, the titles are in the e-mail (issue 23). */
  reminderPushBody: (count: number, when: string) => string;
  /** City alerts (issue 22): the digest's subject, its opening line, "and 3 more", the browse and stop lines. */
  alertSubject: (count: number, place: string) => string;
  alertIntro: (name: string, place: string) => string;
  alertMore: (count: number) => string;
  alertBrowse: string;
  alertStop: (city: string) => string;
  categoryNames: Record<Category, string>;
  signature: string;
}

const list = (titles: string[]) => titles.map((title) => `- ${title}`).join('\n');

const ITEM_MAIL_TEXTS: TextCatalogue<ItemMailTexts> = {
  en: {
    reminderSubject: (count, cities) =>
      `${count === 1 ? '1 item' : `${count} items`} still listed in ${cities}`,
    reminderBody: (f) =>
      `Hi ${f.name},\n\n` +
      `${f.count === 1 ? 'Your item' : `${f.count} of your items`} in ${f.cities} ` +
      `${f.count === 1 ? 'is' : 'are'} still listed and leave${f.count === 1 ? 's' : ''} the listings ` +
      `${f.when}:\n\n${list(f.titles)}\n\n` +
      'Mark swapped, extend, or give away to someone who asked.',
    reminderPushBody: (count, when) =>
      `${count === 1 ? 'It leaves' : 'They leave'} the listings ${when}: mark swapped or extend.`,
    alertSubject: (count, place) => `${count === 1 ? '1 new item' : `${count} new items`} in ${place}`,
    alertIntro: (name, place) => `Hi ${name},\n\nNew on NomadSwap in ${place}:`,
    alertMore: (count) => `…and ${count} more`,
    alertBrowse: 'See what is on offer there:',
    alertStop: (city) => `You get this because you saved an alert for ${city}. To stop it:`,
    categoryNames: {
      Electronics: 'Electronics',
      Clothing: 'Clothing',
      Books: 'Books',
      'Travel Gear': 'Travel Gear',
      Sports: 'Sports',
      Music: 'Music',
      'Home & Garden': 'Home & Garden',
      'Art & Crafts': 'Art & Crafts',
    },
    signature: '\n\n— The NomadSwap team\n',
  },
  es: {
    reminderSubject: (count, cities) =>
      count === 1
        ? `1 artículo sigue publicado en ${cities}`
        : `${count} artículos siguen publicados en ${cities}`,
    reminderBody: (f) =>
      `Hola, ${f.name}:\n\n` +
      (f.count === 1
        ? `Tu artículo en ${f.cities} sigue publicado y saldrá del listado ${f.when}:`
        : `${f.count} de tus artículos en ${f.cities} siguen publicados y saldrán del listado ${f.when}:`) +
      `\n\n${list(f.titles)}\n\n` +
      'Márcalo como intercambiado, amplía el plazo o regálalo a alguien que te lo haya pedido.',
    reminderPushBody: (count, when) =>
      `${count === 1 ? 'Sale' : 'Salen'} del listado ${when}: márcalo como intercambiado o amplía el plazo.`,
    alertSubject: (count, place) =>
      count === 1 ? `1 artículo nuevo en ${place}` : `${count} artículos nuevos en ${place}`,
    alertIntro: (name, place) => `Hola, ${name}:\n\nNovedades en NomadSwap en ${place}:`,
    alertMore: (count) => `…y ${count} más`,
    alertBrowse: 'Mira todo lo que hay allí:',
    alertStop: (city) => `Recibes este correo porque creaste una alerta para ${city}. Para desactivarla:`,
    categoryNames: {
      Electronics: 'Electrónica',
      Clothing: 'Ropa',
      Books: 'Libros',
      'Travel Gear': 'Equipo de viaje',
      Sports: 'Deportes',
      Music: 'Música',
      'Home & Garden': 'Hogar y jardín',
      'Art & Crafts': 'Arte y manualidades',
    },
    signature: '\n\n— El equipo de NomadSwap\n',
  },
  pt: {
    reminderSubject: (count, cities) =>
      count === 1
        ? `1 artigo ainda publicado em ${cities}`
        : `${count} artigos ainda publicados em ${cities}`,
    reminderBody: (f) =>
      `Olá, ${f.name},\n\n` +
      (f.count === 1
        ? `O seu artigo em ${f.cities} ainda está publicado e sai da lista ${f.when}:`
        : `${f.count} dos seus artigos em ${f.cities} ainda estão publicados e saem da lista ${f.when}:`) +
      `\n\n${list(f.titles)}\n\n` +
      'Marque como trocado, prolongue o prazo ou ofereça a alguém que o tenha pedido.',
    reminderPushBody: (count, when) =>
      `${count === 1 ? 'Sai' : 'Saem'} da lista ${when}: marque como trocado ou prolongue o prazo.`,
    alertSubject: (count, place) =>
      count === 1 ? `1 artigo novo em ${place}` : `${count} artigos novos em ${place}`,
    alertIntro: (name, place) => `Olá, ${name},\n\nNovidades no NomadSwap em ${place}:`,
    alertMore: (count) => `…e mais ${count}`,
    alertBrowse: 'Veja tudo o que há por lá:',
    alertStop: (city) => `Você recebe este e-mail porque criou um alerta para ${city}. Para desativá-lo:`,
    categoryNames: {
      Electronics: 'Eletrônicos',
      Clothing: 'Roupas',
      Books: 'Livros',
      'Travel Gear': 'Equipamento de viagem',
      Sports: 'Esportes',
      Music: 'Música',
      'Home & Garden': 'Casa e jardim',
      'Art & Crafts': 'Arte e artesanato',
    },
    signature: '\n\n— A equipa NomadSwap\n',
  },
  fr: {
    reminderSubject: (count, cities) =>
      count === 1 ? `1 objet encore en ligne à ${cities}` : `${count} objets encore en ligne à ${cities}`,
    reminderBody: (f) =>
      `Bonjour ${f.name},\n\n` +
      (f.count === 1
        ? `Votre objet à ${f.cities} est encore en ligne et quittera les annonces ${f.when} :`
        : `${f.count} de vos objets à ${f.cities} sont encore en ligne et quitteront les annonces ${f.when} :`) +
      `\n\n${list(f.titles)}\n\n` +
      "Marquez-le comme échangé, prolongez l'annonce ou donnez-le à quelqu'un qui l'a demandé.",
    reminderPushBody: (count, when) =>
      `${count === 1 ? 'Il quitte' : 'Ils quittent'} les annonces ${when} : marquez-le comme échangé ou prolongez.`,
    alertSubject: (count, place) =>
      count === 1 ? `1 nouvel objet à ${place}` : `${count} nouveaux objets à ${place}`,
    alertIntro: (name, place) => `Bonjour ${name},\n\nDu nouveau sur NomadSwap à ${place} :`,
    alertMore: (count) => `…et ${count} de plus`,
    alertBrowse: 'Voir tout ce qui est proposé là-bas :',
    alertStop: (city) =>
      `Vous recevez ce message car vous avez créé une alerte pour ${city}. Pour l'arrêter :`,
    categoryNames: {
      Electronics: 'Électronique',
      Clothing: 'Vêtements',
      Books: 'Livres',
      'Travel Gear': 'Équipement de voyage',
      Sports: 'Sport',
      Music: 'Musique',
      'Home & Garden': 'Maison et jardin',
      'Art & Crafts': 'Art et artisanat',
    },
    signature: "\n\n— L'équipe NomadSwap\n",
  },
  de: {
    reminderSubject: (count, cities) =>
      count === 1
        ? `1 Angebot in ${cities} ist noch online`
        : `${count} Angebote in ${cities} sind noch online`,
    reminderBody: (f) =>
      `Hallo ${f.name},\n\n` +
      (f.count === 1
        ? `dein Angebot in ${f.cities} ist noch online und verschwindet ${f.when} aus den Anzeigen:`
        : `${f.count} deiner Angebote in ${f.cities} sind noch online und verschwinden ${f.when} aus den Anzeigen:`) +
      `\n\n${list(f.titles)}\n\n` +
      'Markiere es als getauscht, verlängere es oder verschenke es an jemanden, der gefragt hat.',
    reminderPushBody: (count, when) =>
      `${count === 1 ? 'Es verschwindet' : 'Sie verschwinden'} ${when} aus den Anzeigen: als getauscht markieren oder verlängern.`,
    alertSubject: (count, place) =>
      count === 1 ? `1 neues Angebot in ${place}` : `${count} neue Angebote in ${place}`,
    alertIntro: (name, place) => `Hallo ${name},\n\nneu auf NomadSwap in ${place}:`,
    alertMore: (count) => `…und ${count} weitere`,
    alertBrowse: 'Alles, was es dort gibt:',
    alertStop: (city) =>
      `Du bekommst diese E-Mail, weil du einen Suchauftrag für ${city} gespeichert hast. Abbestellen:`,
    categoryNames: {
      Electronics: 'Elektronik',
      Clothing: 'Kleidung',
      Books: 'Bücher',
      'Travel Gear': 'Reiseausrüstung',
      Sports: 'Sport',
      Music: 'Musik',
      'Home & Garden': 'Haus & Garten',
      'Art & Crafts': 'Kunst & Handwerk',
    },
    signature: '\n\n— Dein NomadSwap-Team\n',
  },
};

/** The items texts in the user's language (English when they chose none). */
export const itemMails = (language: unknown) => textsFor(ITEM_MAIL_TEXTS, language);

/** Where the reminder links to (the owner's items). */
export const MY_ITEMS_PATH = '/profile';

/** The city part of a location label ('Lisbon, Portugal' → 'Lisbon'). */
const cityOf = (location: string) => location.split(',')[0]!.trim() || location;

/** The reminder of one owner's items leaving at one moment: "3 items still listed in Lisbon". */
export function deadlineReminderMail(props: {
  to: string;
  name: string;
  items: { title: string; location: string }[];
  beforeMs: number;
  publicUrl?: string;
  /** The owner's language (issue 23); English when unknown. */
  language?: string | null;
}): NotificationMail {
  const language = userLanguage(props.language);
  const texts = itemMails(language);
  const cities = joinList([...new Set(props.items.map((item) => cityOf(item.location)))], language);
  const count = props.items.length;
  const link = props.publicUrl ? `\n\n${new URL(MY_ITEMS_PATH, props.publicUrl).href}` : '';
  return {
    to: props.to,
    subject: texts.reminderSubject(count, cities),
    text:
      texts.reminderBody({
        name: props.name,
        count,
        cities,
        when: inHours(Math.round(props.beforeMs / 3_600_000), language),
        titles: props.items.map((item) => item.title),
      }) +
      link +
      texts.signature,
  };
}

/** The same reminder as a push (issue 23), in the owner's language: one per owner and deadline. */
export function deadlineReminderPush(props: {
  userId: string;
  items: { title: string; location: string }[];
  at: Date;
  beforeMs: number;
  language?: string | null;
}): PushJob {
  const language = userLanguage(props.language);
  const texts = itemMails(language);
  const cities = joinList([...new Set(props.items.map((item) => cityOf(item.location)))], language);
  const count = props.items.length;
  return {
    userId: props.userId,
    kind: 'reminders',
    title: texts.reminderSubject(count, cities),
    body: texts.reminderPushBody(count, inHours(Math.round(props.beforeMs / 3_600_000), language)),
    url: MY_ITEMS_PATH,
    tag: `deadline-${props.at.getTime()}`,
  };
}

/** A city alert's digest (issue 22): its place ('Lisbon' or 'Lisbon · Books') and the new items' titles. */
interface AlertDigestFacts {
  location: string;
  category: Category | null;
  titles: string[];
  /** Where the e-mail and push link to: browse, in that city (and category). */
  browsePath: string;
  language?: string | null;
}

function alertDigestTexts(props: AlertDigestFacts) {
  const language = userLanguage(props.language);
  const texts = itemMails(language);
  const city = cityOf(props.location);
  const place = props.category ? `${city} · ${texts.categoryNames[props.category]}` : city;
  const shown = props.titles.slice(0, ALERT_LIMITS.titlesPerDigest);
  const more = props.titles.length - shown.length;
  return { texts, city, place, shown, more, subject: texts.alertSubject(props.titles.length, place) };
}

/** The alert's digest by e-mail: the new titles, a link to browse the city, and the alert's one stop link. */
export function alertDigestMail(
  props: AlertDigestFacts & { to: string; name: string; stopPath: string; publicUrl?: string },
): NotificationMail {
  const { texts, city, place, shown, more, subject } = alertDigestTexts(props);
  // Without PUBLIC_URL (a local stack) the paths are still shown, so the links can be followed by hand.
  const link = (path: string) => (props.publicUrl ? new URL(path, props.publicUrl).href : path);
  return {
    to: props.to,
    subject,
    text:
      `${texts.alertIntro(props.name, place)}\n\n${list(shown)}` +
      (more > 0 ? `\n${texts.alertMore(more)}` : '') +
      `\n\n${texts.alertBrowse}\n${link(props.browsePath)}` +
      `\n\n${texts.alertStop(city)}\n${link(props.stopPath)}` +
      texts.signature,
  };
}

/** The same digest as a push (kind 'alerts': the user's push switch for alerts decides). */
export function alertDigestPush(props: AlertDigestFacts & { userId: string; alertId: string }): PushJob {
  const { texts, shown, more, subject } = alertDigestTexts(props);
  const language = userLanguage(props.language);
  return {
    userId: props.userId,
    kind: 'alerts',
    title: subject,
    body: (joinList(shown, language) + (more > 0 ? ` ${texts.alertMore(more)}` : '')).slice(0, 1000),
    url: props.browsePath,
    tag: `alert-${props.alertId}`,
  };
}
