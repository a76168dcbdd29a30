import { textsFor, type TextCatalogue } from '@nomadswap/service-kit/language';

/**
 * The e-mail texts of the messaging service (its catalogue, issue 23): the offline nudge, the meetup reminder and
 * the "did it happen?" prompt, in the five languages. English is the wording the spec and the tests know.
 */
interface MessagingMailTexts {
  greeting: (name: string) => string;
  signature: string;
  /** Instead of the sender's name when it is unknown. */
  someone: string;
  /** Instead of the other party's name when it is unknown. */
  partner: string;
  nudgeSubject: (sender: string) => string;
  nudgeBody: (sender: string) => string;
  openConversation: string;
  nudgeOptOut: string;
  reminderSubject: (other: string, when: string) => string;
  reminderBody: (other: string, place: string, when: string) => string;
  promptSubject: (other: string) => string;
  promptBody: (other: string, place: string, when: string) => string;
}

const MESSAGING_MAILS: TextCatalogue<MessagingMailTexts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    signature: 'The NomadSwap team',
    someone: 'A NomadSwap traveller',
    partner: 'your swap partner',
    nudgeSubject: (sender) => `New message from ${sender}`,
    nudgeBody: (sender) => `${sender} sent you a message on NomadSwap.`,
    openConversation: 'Open the conversation:',
    nudgeOptOut: 'You can turn these e-mails off in your profile settings.',
    reminderSubject: (other, when) => `Reminder: your swap with ${other} at ${when}`,
    reminderBody: (other, place, when) =>
      `You meet ${other} at ${place} on ${when}. Meet in a public place, check the item before you swap, and ` +
      'tell them in the chat if plans change.',
    promptSubject: (other) => `Did the swap with ${other} happen?`,
    promptBody: (other, place, when) =>
      `You planned to meet ${other} at ${place} on ${when}. Did the swap happen? Confirm it in the chat (or tell ` +
      "us it didn't), so you can review each other.",
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    signature: 'El equipo de NomadSwap',
    someone: 'Un viajero de NomadSwap',
    partner: 'la otra persona',
    nudgeSubject: (sender) => `Nuevo mensaje de ${sender}`,
    nudgeBody: (sender) => `${sender} te ha enviado un mensaje en NomadSwap.`,
    openConversation: 'Abrir la conversación:',
    nudgeOptOut: 'Puedes desactivar estos correos en los ajustes de tu perfil.',
    reminderSubject: (other, when) => `Recordatorio: tu intercambio con ${other} el ${when}`,
    reminderBody: (other, place, when) =>
      `Has quedado con ${other} en ${place} el ${when}. Quedad en un lugar público, revisa el artículo antes del ` +
      'intercambio y avísale por el chat si cambian los planes.',
    promptSubject: (other) => `¿Se hizo el intercambio con ${other}?`,
    promptBody: (other, place, when) =>
      `Habías quedado con ${other} en ${place} el ${when}. ¿Se hizo el intercambio? Confírmalo en el chat (o ` +
      'dinos que no), así podréis valoraros mutuamente.',
  },
  pt: {
    greeting: (name) => `Olá, ${name},`,
    signature: 'A equipa NomadSwap',
    someone: 'Um viajante do NomadSwap',
    partner: 'a outra pessoa',
    nudgeSubject: (sender) => `Nova mensagem de ${sender}`,
    nudgeBody: (sender) => `${sender} enviou-lhe uma mensagem no NomadSwap.`,
    openConversation: 'Abrir a conversa:',
    nudgeOptOut: 'Pode desligar estes e-mails nas definições do seu perfil.',
    reminderSubject: (other, when) => `Lembrete: a sua troca com ${other} a ${when}`,
    reminderBody: (other, place, when) =>
      `Vai encontrar-se com ${other} em ${place} a ${when}. Encontrem-se num local público, veja o artigo antes ` +
      'da troca e avise pelo chat se os planos mudarem.',
    promptSubject: (other) => `A troca com ${other} aconteceu?`,
    promptBody: (other, place, when) =>
      `Tinha combinado encontrar-se com ${other} em ${place} a ${when}. A troca aconteceu? Confirme no chat (ou ` +
      'diga-nos que não), para que possam avaliar-se um ao outro.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    signature: "L'équipe NomadSwap",
    someone: 'Un voyageur NomadSwap',
    partner: "l'autre personne",
    nudgeSubject: (sender) => `Nouveau message de ${sender}`,
    nudgeBody: (sender) => `${sender} vous a envoyé un message sur NomadSwap.`,
    openConversation: 'Ouvrir la conversation :',
    nudgeOptOut: 'Vous pouvez désactiver ces e-mails dans les paramètres de votre profil.',
    reminderSubject: (other, when) => `Rappel : votre échange avec ${other} le ${when}`,
    reminderBody: (other, place, when) =>
      `Vous retrouvez ${other} à ${place} le ${when}. Donnez-vous rendez-vous dans un lieu public, vérifiez ` +
      "l'objet avant l'échange et prévenez dans le chat si vos plans changent.",
    promptSubject: (other) => `L'échange avec ${other} a-t-il eu lieu ?`,
    promptBody: (other, place, when) =>
      `Vous deviez retrouver ${other} à ${place} le ${when}. L'échange a-t-il eu lieu ? Confirmez-le dans le chat ` +
      "(ou dites-nous que non), pour pouvoir vous laisser un avis l'un à l'autre.",
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    signature: 'Dein NomadSwap-Team',
    someone: 'Jemand von NomadSwap',
    partner: 'deinem Tauschpartner',
    nudgeSubject: (sender) => `Neue Nachricht von ${sender}`,
    nudgeBody: (sender) => `${sender} hat dir auf NomadSwap eine Nachricht geschickt.`,
    openConversation: 'Zum Gespräch:',
    nudgeOptOut: 'Du kannst diese E-Mails in deinen Profileinstellungen abschalten.',
    reminderSubject: (other, when) => `Erinnerung: dein Tausch mit ${other} am ${when}`,
    reminderBody: (other, place, when) =>
      `Du triffst ${other} am ${when} hier: ${place}. Trefft euch an einem öffentlichen Ort, sieh dir den ` +
      'Gegenstand vor dem Tausch an und sag im Chat Bescheid, falls sich etwas ändert.',
    promptSubject: (other) => `Hat der Tausch mit ${other} geklappt?`,
    promptBody: (other, place, when) =>
      `Ihr wolltet euch am ${when} treffen (${place}), du und ${other}. Hat der Tausch geklappt? Bestätige es im ` +
      'Chat (oder sag uns, dass nicht), damit ihr euch gegenseitig bewerten könnt.',
  },
};

/** The messaging texts in the user's language (English when they chose none). */
export const messagingMails = (language: unknown) => textsFor(MESSAGING_MAILS, language);
