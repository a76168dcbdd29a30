import { textsFor, type TextCatalogue } from '@nomadswap/service-kit/language';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';

const linkTo = (publicUrl: string | undefined, path: string) =>
  publicUrl ? `\n\n${publicUrl.replace(/\/$/, '')}${path}` : '';

/*
 * Acknowledgements go to addresses nobody has verified (a contact form's, a report's, an account's: NomadSwap does
 * not confirm e-mail addresses), so anyone could make us mail anyone. They are therefore fixed texts with a
 * reference number: nothing the sender typed (name, subject, message) goes into them, so they cannot carry a
 * stranger's words or links to a third party. They are written in the language of the signed-in user they are
 * about (issue 23), else English.
 */
interface ModerationMailTexts {
  hello: string;
  signature: string;
  reference: (subject: string, reference: string) => string;
  aboutReport: (reference: string) => string;
  report: Record<'received' | 'resolved', { subject: string; body: string }>;
  contactSubject: string;
  contactBody: (reference: string) => string;
}

const MODERATION_MAILS: TextCatalogue<ModerationMailTexts> = {
  en: {
    hello: 'Hello,',
    signature: '\n\n— The NomadSwap team',
    reference: (subject, reference) => `${subject} (reference ${reference})`,
    aboutReport: (reference) => `this is about your report with the reference ${reference}.`,
    report: {
      received: {
        subject: 'We received your report',
        body:
          'Our safety team reviews every report within 24 hours and takes action where needed. ' +
          'If someone is in immediate danger, contact your local emergency services.',
      },
      resolved: {
        subject: 'Your report was resolved',
        body: 'It has been reviewed and resolved by our team. Thank you for helping keep NomadSwap safe.',
      },
    },
    contactSubject: 'We received your message',
    contactBody: (reference) =>
      `thank you for contacting NomadSwap. Your message has the reference ${reference}; ` +
      'we usually answer within 24 hours. If you did not write to us, you can ignore this e-mail.',
  },
  es: {
    hello: 'Hola:',
    signature: '\n\n— El equipo de NomadSwap',
    reference: (subject, reference) => `${subject} (referencia ${reference})`,
    aboutReport: (reference) => `te escribimos por tu denuncia con la referencia ${reference}.`,
    report: {
      received: {
        subject: 'Hemos recibido tu denuncia',
        body:
          'Nuestro equipo de seguridad revisa cada denuncia en menos de 24 horas y actúa cuando hace falta. ' +
          'Si alguien está en peligro inmediato, llama a los servicios de emergencia locales.',
      },
      resolved: {
        subject: 'Tu denuncia se ha resuelto',
        body: 'Nuestro equipo la ha revisado y resuelto. Gracias por ayudar a que NomadSwap sea un lugar seguro.',
      },
    },
    contactSubject: 'Hemos recibido tu mensaje',
    contactBody: (reference) =>
      `gracias por escribir a NomadSwap. Tu mensaje tiene la referencia ${reference}; ` +
      'solemos responder en menos de 24 horas. Si no nos has escrito, puedes ignorar este correo.',
  },
  pt: {
    hello: 'Olá,',
    signature: '\n\n— A equipa NomadSwap',
    reference: (subject, reference) => `${subject} (referência ${reference})`,
    aboutReport: (reference) => `escrevemos sobre a sua denúncia com a referência ${reference}.`,
    report: {
      received: {
        subject: 'Recebemos a sua denúncia',
        body:
          'A nossa equipa de segurança analisa cada denúncia em 24 horas e age quando é preciso. ' +
          'Se alguém estiver em perigo imediato, contacte os serviços de emergência locais.',
      },
      resolved: {
        subject: 'A sua denúncia foi resolvida',
        body: 'A nossa equipa analisou-a e resolveu-a. Obrigado por ajudar a manter o NomadSwap seguro.',
      },
    },
    contactSubject: 'Recebemos a sua mensagem',
    contactBody: (reference) =>
      `obrigado por contactar o NomadSwap. A sua mensagem tem a referência ${reference}; ` +
      'costumamos responder em 24 horas. Se não nos escreveu, pode ignorar este e-mail.',
  },
  fr: {
    hello: 'Bonjour,',
    signature: "\n\n— L'équipe NomadSwap",
    reference: (subject, reference) => `${subject} (référence ${reference})`,
    aboutReport: (reference) => `nous vous écrivons au sujet de votre signalement de référence ${reference}.`,
    report: {
      received: {
        subject: 'Nous avons bien reçu votre signalement',
        body:
          'Notre équipe sécurité examine chaque signalement sous 24 heures et agit si nécessaire. ' +
          "Si quelqu'un est en danger immédiat, contactez les services d'urgence locaux.",
      },
      resolved: {
        subject: 'Votre signalement a été traité',
        body: 'Notre équipe l’a examiné et traité. Merci de contribuer à la sécurité de NomadSwap.',
      },
    },
    contactSubject: 'Nous avons bien reçu votre message',
    contactBody: (reference) =>
      `merci d'avoir contacté NomadSwap. Votre message porte la référence ${reference} ; ` +
      'nous répondons généralement sous 24 heures. Si vous ne nous avez pas écrit, ignorez simplement cet e-mail.',
  },
  de: {
    hello: 'Hallo,',
    signature: '\n\n— Dein NomadSwap-Team',
    reference: (subject, reference) => `${subject} (Referenz ${reference})`,
    aboutReport: (reference) => `es geht um deine Meldung mit der Referenz ${reference}.`,
    report: {
      received: {
        subject: 'Wir haben deine Meldung erhalten',
        body:
          'Unser Sicherheitsteam prüft jede Meldung innerhalb von 24 Stunden und greift ein, wo es nötig ist. ' +
          'Ist jemand in akuter Gefahr, ruf bitte den örtlichen Notruf an.',
      },
      resolved: {
        subject: 'Deine Meldung wurde bearbeitet',
        body: 'Unser Team hat sie geprüft und erledigt. Danke, dass du NomadSwap sicherer machst.',
      },
    },
    contactSubject: 'Wir haben deine Nachricht erhalten',
    contactBody: (reference) =>
      `danke für deine Nachricht an NomadSwap. Sie hat die Referenz ${reference}; ` +
      'wir antworten meist innerhalb von 24 Stunden. Wenn du uns nicht geschrieben hast, ignoriere diese E-Mail einfach.',
  },
};

const REPORT_PATHS = { received: '/safety-guidelines', resolved: '/' } as const;

/** Tells a reporter that their report arrived (what happens next) or that it was resolved. */
export function reportMail(
  kind: 'received' | 'resolved',
  props: { to: string; reportId: string; publicUrl?: string; language?: string | null },
): NotificationMail {
  const texts = textsFor(MODERATION_MAILS, props.language);
  const mail = texts.report[kind];
  return {
    to: props.to,
    subject: texts.reference(mail.subject, props.reportId),
    text:
      `${texts.hello}\n\n${texts.aboutReport(props.reportId)}\n\n${mail.body}` +
      linkTo(props.publicUrl, REPORT_PATHS[kind]) +
      texts.signature,
  };
}

/** Acknowledges a contact message. */
export function contactReceivedMail(props: {
  to: string;
  reference: string;
  language?: string | null;
}): NotificationMail {
  const texts = textsFor(MODERATION_MAILS, props.language);
  return {
    to: props.to,
    subject: texts.reference(texts.contactSubject, props.reference),
    text: `${texts.hello}\n\n${texts.contactBody(props.reference)}${texts.signature}`,
  };
}
