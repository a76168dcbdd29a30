import { textsFor, type TextCatalogue } from '@nomadswap/service-kit/language';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';

/** The e-mail texts of the auth service (its catalogue, issue 23), in the five languages. */
interface AuthMailTexts {
  approvalSubject: string;
  approvalBody: (fullName: string) => string;
  signIn: string;
  signature: string;
}

const AUTH_MAILS: TextCatalogue<AuthMailTexts> = {
  en: {
    approvalSubject: 'Your NomadSwap account is approved',
    approvalBody: (name) =>
      `Hi ${name},\n\nGood news: an admin has approved your NomadSwap account. You can now list your own items, ` +
      'message other travellers, complete swaps and leave reviews.',
    signIn: 'Sign in:',
    signature: 'Happy swapping!\nThe NomadSwap team',
  },
  es: {
    approvalSubject: 'Tu cuenta de NomadSwap está aprobada',
    approvalBody: (name) =>
      `Hola, ${name}:\n\nBuenas noticias: un administrador ha aprobado tu cuenta de NomadSwap. Ya puedes publicar ` +
      'tus propios artículos, escribir a otros viajeros, cerrar intercambios y dejar valoraciones.',
    signIn: 'Inicia sesión:',
    signature: '¡Felices intercambios!\nEl equipo de NomadSwap',
  },
  pt: {
    approvalSubject: 'A sua conta NomadSwap foi aprovada',
    approvalBody: (name) =>
      `Olá, ${name},\n\nBoas notícias: um administrador aprovou a sua conta NomadSwap. Já pode publicar os seus ` +
      'artigos, enviar mensagens a outros viajantes, concluir trocas e deixar avaliações.',
    signIn: 'Iniciar sessão:',
    signature: 'Boas trocas!\nA equipa NomadSwap',
  },
  fr: {
    approvalSubject: 'Votre compte NomadSwap est approuvé',
    approvalBody: (name) =>
      `Bonjour ${name},\n\nBonne nouvelle : un administrateur a approuvé votre compte NomadSwap. Vous pouvez ` +
      "désormais publier vos propres objets, écrire à d'autres voyageurs, conclure des échanges et laisser des avis.",
    signIn: 'Se connecter :',
    signature: "Bons échanges !\nL'équipe NomadSwap",
  },
  de: {
    approvalSubject: 'Dein NomadSwap-Konto ist freigeschaltet',
    approvalBody: (name) =>
      `Hallo ${name},\n\ngute Nachrichten: Ein Admin hat dein NomadSwap-Konto freigeschaltet. Du kannst jetzt ` +
      'eigene Sachen einstellen, anderen Reisenden schreiben, Tausche abschließen und Bewertungen abgeben.',
    signIn: 'Anmelden:',
    signature: 'Viel Spaß beim Tauschen!\nDein NomadSwap-Team',
  },
};

/** The auth texts in the user's language (English when they chose none). */
const authMails = (language: unknown) => textsFor(AUTH_MAILS, language);

/**
 * The approval e-mail (design.md, Jobs: notifications) in the user's language, with a sign-in link when the public
 * URL is known.
 */
export function approvalEmail(props: {
  to: string;
  fullName: string;
  publicUrl?: string;
  language?: string | null;
}): NotificationMail {
  const texts = authMails(props.language);
  const signIn = props.publicUrl ? `\n\n${texts.signIn} ${new URL('/auth/login', props.publicUrl).href}` : '';
  return {
    to: props.to,
    subject: texts.approvalSubject,
    text: `${texts.approvalBody(props.fullName)}${signIn}\n\n${texts.signature}\n`,
  };
}
