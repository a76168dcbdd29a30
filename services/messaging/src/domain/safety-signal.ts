import type { SafetyWarning } from '@nomadswap/contracts/enums';

/**
 * Scam signals in chat (issue 26). NomadSwap swaps are free: a message that asks for money or payment details is
 * shown to its receiver with a warning ('payment'); one that moves the conversation off the platform early
 * (phone number, e-mail address, messenger link) likewise ('off_platform'). Nothing is blocked: the message is
 * delivered as written. The words cover the five languages the app is being translated into (en, es, pt, fr,
 * de); the patterns are tested with real-looking messages and with harmless look-alikes (prices, times, dates,
 * postcodes) in safety-signal.test.ts.
 */

/** Payment services and instruments, and requests for money up front. */
const PAYMENT = new RegExp(
  [
    String.raw`pay\s?pal`,
    String.raw`venmo`,
    String.raw`zelle`,
    String.raw`cash\s?app`,
    String.raw`revolut`,
    String.raw`western\s?union`,
    String.raw`money\s?gram`,
    String.raw`bizum`,
    String.raw`mb\s?way`,
    String.raw`\biban\b`,
    String.raw`swift\s?code`,
    String.raw`sort\s?code`,
    String.raw`routing\s?number`,
    String.raw`(?:bank|wire)\s?transfer`,
    String.raw`transfer(?:e|ê)ncia(?:\s?banc(?:a|á)ria)?`,
    String.raw`virement`,
    String.raw`(?:ü|ue)berweisung`,
    String.raw`gift\s?cards?`,
    String.raw`(?:itunes|google\s?play|steam|amazon)\s?(?:gift\s?)?cards?`,
    String.raw`tarjetas?\s?regalo`,
    String.raw`cart(?:ã|a)o\s?(?:presente|oferta)`,
    String.raw`cartes?\s?cadeaux?`,
    String.raw`gutschein(?:karte)?`,
    String.raw`\b(?:bitcoin|btc|usdt|crypto)\b`,
    String.raw`(?:send|pay|transfer)\s(?:me\s)?(?:a\s|the\s|your\s)?(?:small\s)?deposit`,
    String.raw`(?:deposit|advance\s?payment|shipping\s?fee|delivery\s?fee)\s(?:first|upfront|up\sfront|before)`,
    String.raw`\b(?:fa(?:z|ç|c)\w*|pag\w*|envi\w*|mand\w*|hac\w*|haz\w*)\s(?:me\s)?(?:um\s|una?\s|o\s|el\s)?dep(?:ó|o)sito`,
    String.raw`\b(?:acompte|anzahlung|kaution)\b`,
  ].join('|'),
  'iu',
);

/** An e-mail address. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** Messenger apps and their links. `signal` only as a link or "on Signal": it is an everyday word. */
const MESSENGER =
  /whats\s?app|\bwa\.me\/|telegram|\bt\.me\/|\bviber\b|\bwechat\b|signal\.me\/|\b(?:on|en|sur|auf|pelo|por)\s+signal\b/iu;

/**
 * A phone number: 9–15 digits in groups separated by one space, dash or parenthesis, optionally after `+`, and not part of a longer run of digits. Times (10:30), prices (€20, 1.200), dates (25/11/2026,
 * 25.11.2026) and postcodes (1000-001, 75001, SW1A 1AA) stay below the count or use separators a number does not.
 */
const PHONE_CANDIDATE = /(?<!\d|\d[.,:/])\+?\(?\d[\d\s()-]{7,22}\d(?!\d|[.,:/]\d)/gu;
const PHONE_MIN_DIGITS = 9;
const PHONE_MAX_DIGITS = 15;

function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    // One separator between groups at most: "10 20 30" in a list of prices is three numbers, not a phone.
    if (/[\s-]{2,}/.test(match[0].replace(/[()]/g, ''))) continue;
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS) return true;
  }
  return false;
}

/** The safety signal of a message's text, if any ('payment' wins over 'off_platform'). */
export function detectSafetySignal(text: string): SafetyWarning | null {
  if (PAYMENT.test(text)) return 'payment';
  if (EMAIL.test(text) || MESSENGER.test(text) || hasPhoneNumber(text)) return 'off_platform';
  return null;
}

/**
 * How many messages of a conversation count as its start: contact details shared in them are the off-platform
 * signal; later (the two have talked, maybe met) they are normal.
 */
export const SAFETY_EARLY_MESSAGES = 5;
