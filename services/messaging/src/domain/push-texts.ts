import { textsFor, type TextCatalogue } from '@nomadswap/service-kit/language';
import type { PushJob } from '@nomadswap/service-kit/push';

/** The texts of every push messaging sends (issue 23), written once like the e-mails, in the five languages. */
interface PushTexts {
  newMessageFrom: (name: string) => string;
  /** A listing's title as the bodies quote it. */
  quoted: (title: string) => string;
  yourItem: string;
  someone: string;
  swapPartner: string;
  swap: Record<SwapPushKind, { title: string; body: (other: string, item: string) => string }>;
}

const PUSH_TEXTS: TextCatalogue<PushTexts> = {
  en: {
    newMessageFrom: (name) => `New message from ${name}`,
    quoted: (title) => `"${title}"`,
    yourItem: 'your item',
    someone: 'A NomadSwap traveller',
    swapPartner: 'your swap partner',
    swap: {
      requested: { title: 'New swap request', body: (other, item) => `${other} would like ${item}` },
      accepted: {
        title: 'Swap accepted',
        body: (other, item) => `${other} accepted your request for ${item}`,
      },
      meetup_agreed: {
        title: 'Meetup agreed',
        body: (other) => `You and ${other} agreed where and when to meet`,
      },
      reminder: { title: 'Meetup soon', body: (other) => `You meet ${other} in 2 hours` },
      prompt: { title: 'Did the swap happen?', body: (other) => `Tell us how the swap with ${other} went` },
    },
  },
  es: {
    newMessageFrom: (name) => `Nuevo mensaje de ${name}`,
    quoted: (title) => `«${title}»`,
    yourItem: 'tu artículo',
    someone: 'Un viajero de NomadSwap',
    swapPartner: 'la otra persona del intercambio',
    swap: {
      requested: {
        title: 'Nueva solicitud de intercambio',
        body: (other, item) => `${other} quiere ${item}`,
      },
      accepted: {
        title: 'Intercambio aceptado',
        body: (other, item) => `${other} aceptó tu solicitud de ${item}`,
      },
      meetup_agreed: {
        title: 'Encuentro acordado',
        body: (other) => `Tú y ${other} acordaron dónde y cuándo verse`,
      },
      reminder: { title: 'Encuentro pronto', body: (other) => `Te ves con ${other} en 2 horas` },
      prompt: {
        title: '¿Se hizo el intercambio?',
        body: (other) => `Cuéntanos cómo fue el intercambio con ${other}`,
      },
    },
  },
  pt: {
    newMessageFrom: (name) => `Nova mensagem de ${name}`,
    quoted: (title) => `“${title}”`,
    yourItem: 'seu item',
    someone: 'Um viajante do NomadSwap',
    swapPartner: 'a outra pessoa da troca',
    swap: {
      requested: { title: 'Novo pedido de troca', body: (other, item) => `${other} quer ${item}` },
      accepted: { title: 'Troca aceita', body: (other, item) => `${other} aceitou seu pedido de ${item}` },
      meetup_agreed: {
        title: 'Encontro combinado',
        body: (other) => `Você e ${other} combinaram onde e quando se encontrar`,
      },
      reminder: { title: 'Encontro em breve', body: (other) => `Você encontra ${other} em 2 horas` },
      prompt: { title: 'A troca aconteceu?', body: (other) => `Conte como foi a troca com ${other}` },
    },
  },
  fr: {
    newMessageFrom: (name) => `Nouveau message de ${name}`,
    quoted: (title) => `«\u00a0${title}\u00a0»`,
    yourItem: 'votre objet',
    someone: 'Un voyageur NomadSwap',
    swapPartner: 'votre partenaire d’échange',
    swap: {
      requested: {
        title: 'Nouvelle demande d’échange',
        body: (other, item) => `${other} aimerait ${item}`,
      },
      accepted: {
        title: 'Échange accepté',
        body: (other, item) => `${other} a accepté votre demande pour ${item}`,
      },
      meetup_agreed: {
        title: 'Rendez-vous convenu',
        body: (other) => `Vous et ${other} avez convenu du lieu et de l’heure`,
      },
      reminder: {
        title: 'Rendez-vous bientôt',
        body: (other) => `Vous retrouvez ${other} dans 2\u00a0heures`,
      },
      prompt: {
        title: 'L’échange a-t-il eu lieu\u00a0?',
        body: (other) => `Dites-nous comment s’est passé l’échange avec ${other}`,
      },
    },
  },
  de: {
    newMessageFrom: (name) => `Neue Nachricht von ${name}`,
    quoted: (title) => `„${title}“`,
    yourItem: 'deinen Artikel',
    someone: 'Jemand von NomadSwap',
    swapPartner: 'deinem Tauschpartner',
    swap: {
      requested: { title: 'Neue Tauschanfrage', body: (other, item) => `${other} möchte ${item}` },
      accepted: {
        title: 'Tausch angenommen',
        body: (other, item) => `${other} hat deine Anfrage für ${item} angenommen`,
      },
      meetup_agreed: {
        title: 'Treffen vereinbart',
        body: (other) => `Du und ${other} habt Ort und Zeit vereinbart`,
      },
      reminder: { title: 'Treffen bald', body: (other) => `Du triffst ${other} in 2 Stunden` },
      prompt: {
        title: 'Hat der Tausch geklappt?',
        body: (other) => `Erzähl uns, wie der Tausch mit ${other} gelaufen ist`,
      },
    },
  },
};

/** The push texts in the recipient's language (English when they chose none). */
export const pushTexts = (language: unknown) => textsFor(PUSH_TEXTS, language);

/** Longest message preview in a push (a lock screen shows about two lines). */
export const PUSH_PREVIEW_LENGTH = 140;

/** The tag of a conversation between the recipient and `otherId`: a burst shows as one notification. */
export const conversationTag = (otherId: string) => `conversation-${otherId}`;

const conversationUrl = (otherId: string) => `/messages?user=${otherId}`;

const truncate = (text: string) =>
  text.length > PUSH_PREVIEW_LENGTH ? `${text.slice(0, PUSH_PREVIEW_LENGTH - 1).trimEnd()}…` : text;

/** A new message: who wrote, and the text only when the recipient opted in to previews. */
export function messagePush(props: {
  userId: string;
  senderId: string;
  senderName: string | null;
  content: string | null;
  /** The recipient's language; English when unknown. */
  language?: string | null;
}): PushJob {
  const texts = pushTexts(props.language);
  const senderName = props.senderName || texts.someone;
  return {
    userId: props.userId,
    kind: 'messages',
    title: props.content === null ? 'NomadSwap' : senderName,
    body: props.content === null ? texts.newMessageFrom(senderName) : truncate(props.content),
    url: conversationUrl(props.senderId),
    tag: conversationTag(props.senderId),
  };
}

export type SwapPushKind = 'requested' | 'accepted' | 'meetup_agreed' | 'reminder' | 'prompt';

/** A step of a swap, told to `userId` about the swap with `otherName`. */
export function swapPush(props: {
  userId: string;
  kind: SwapPushKind;
  otherId: string;
  otherName: string;
  itemTitle: string | null;
  exchangeId: string;
  /** The recipient's language; English when unknown. */
  language?: string | null;
}): PushJob {
  const texts = pushTexts(props.language);
  const item = props.itemTitle ? texts.quoted(props.itemTitle) : texts.yourItem;
  const step = texts.swap[props.kind];
  const timer = props.kind === 'reminder' || props.kind === 'prompt';
  return {
    userId: props.userId,
    kind: timer ? 'reminders' : 'swaps',
    title: step.title,
    body: step.body(props.otherName || texts.swapPartner, item),
    url: conversationUrl(props.otherId),
    // A reminder is its own notification; the other steps belong to the conversation's burst.
    tag: timer ? `exchange-${props.exchangeId}-${props.kind}` : conversationTag(props.otherId),
  };
}
