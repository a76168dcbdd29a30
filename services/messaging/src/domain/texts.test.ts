import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import { messagingMails } from './mails';
import {
  PUSH_PREVIEW_LENGTH,
  conversationTag,
  messagePush,
  pushTexts,
  swapPush,
  type SwapPushKind,
} from './push-texts';

/*
 * The messaging service's e-mail and push texts in each of the five languages, without stores (issue 21: its
 * integration suites read them in English only, so a language's text emptied or fallen back to English passed).
 * Every text is there, says what it is given, and is not English in another language.
 */

const SWAP_KINDS: SwapPushKind[] = ['requested', 'accepted', 'meetup_agreed', 'reminder', 'prompt'];
const englishMail = messagingMails('en');
const englishPush = pushTexts('en');

describe.each(LANGUAGES)('the messaging texts in %s', (language) => {
  const mail = messagingMails(language);
  const push = pushTexts(language);
  /** A text that must differ from the English one in any other language. */
  const notEnglish = (text: string, inEnglish: string) => {
    if (language !== 'en') expect(text).not.toBe(inEnglish);
  };

  it('the e-mails: greeting, signature, the nudge, the reminder and the prompt say what they are given', () => {
    expect(mail.greeting('Ana')).toContain('Ana');
    notEnglish(mail.greeting('Ana'), englishMail.greeting('Ana'));
    expect(mail.signature).toContain('NomadSwap');
    notEnglish(mail.signature, englishMail.signature);
    for (const fixed of ['someone', 'partner', 'openConversation', 'nudgeOptOut'] as const) {
      expect(mail[fixed].trim(), fixed).not.toBe('');
      notEnglish(mail[fixed], englishMail[fixed]);
    }
    expect(mail.someone).toContain('NomadSwap');

    for (const text of ['nudgeSubject', 'nudgeBody', 'promptSubject'] as const) {
      expect(mail[text]('Kai'), text).toContain('Kai');
      notEnglish(mail[text]('Kai'), englishMail[text]('Kai'));
    }
    expect(mail.nudgeBody('Kai')).not.toBe(mail.nudgeSubject('Kai'));

    const subject = mail.reminderSubject('Kai', 'WHEN');
    for (const part of ['Kai', 'WHEN']) expect(subject).toContain(part);
    notEnglish(subject, englishMail.reminderSubject('Kai', 'WHEN'));
    for (const text of ['reminderBody', 'promptBody'] as const) {
      const body = mail[text]('Kai', 'PLACE', 'WHEN');
      for (const part of ['Kai', 'PLACE', 'WHEN']) expect(body, text).toContain(part);
      // Written in two pieces: the second one is there, and the body ends as a sentence.
      expect(body, text).toMatch(/\S\.$/);
      expect(body.length, text).toBeGreaterThan(englishMail[text]('Kai', 'PLACE', 'WHEN').length / 2);
      notEnglish(body, englishMail[text]('Kai', 'PLACE', 'WHEN'));
    }
    expect(mail.promptBody('Kai', 'PLACE', 'WHEN')).not.toBe(mail.reminderBody('Kai', 'PLACE', 'WHEN'));
  });

  it('a message push: the sender and the text with a preview, "new message from" without, a stranger unnamed', () => {
    const base = { userId: 'u1', senderId: 's1', language };
    const withPreview = messagePush({ ...base, senderName: 'Kai', content: 'Is the tent still there?' });
    expect(withPreview).toEqual({
      userId: 'u1',
      kind: 'messages',
      title: 'Kai',
      body: 'Is the tent still there?',
      url: '/messages?user=s1',
      tag: 'conversation-s1',
    });
    const withoutPreview = messagePush({ ...base, senderName: 'Kai', content: null });
    expect(withoutPreview.title).toBe('NomadSwap');
    expect(withoutPreview.body).toBe(push.newMessageFrom('Kai'));
    expect(withoutPreview.body).toContain('Kai');
    notEnglish(withoutPreview.body, englishPush.newMessageFrom('Kai'));

    const unnamed = messagePush({ ...base, senderName: '', content: 'Hi' });
    expect(unnamed.title).toBe(push.someone);
    expect(push.someone).toContain('NomadSwap');
    notEnglish(push.someone, englishPush.someone);
    expect(messagePush({ ...base, senderName: null, content: null }).body).toBe(
      push.newMessageFrom(push.someone),
    );
  });

  it('each step of a swap: its own title, the other person and the item (quoted, or "your item")', () => {
    const titles = new Set<string>();
    for (const kind of SWAP_KINDS) {
      const step = swapPush({
        userId: 'u1',
        kind,
        otherId: 'o1',
        otherName: 'Kai',
        itemTitle: 'Tent',
        exchangeId: 'x1',
        language,
      });
      const timer = kind === 'reminder' || kind === 'prompt';
      expect(step.userId).toBe('u1');
      expect(step.kind, kind).toBe(timer ? 'reminders' : 'swaps');
      expect(step.url).toBe('/messages?user=o1');
      expect(step.tag, kind).toBe(timer ? `exchange-x1-${kind}` : conversationTag('o1'));
      expect(step.title.trim(), kind).not.toBe('');
      expect(step.title).toBe(push.swap[kind].title);
      notEnglish(step.title, englishPush.swap[kind].title);
      titles.add(step.title);
      expect(step.body, kind).toContain('Kai');
      notEnglish(step.body, englishPush.swap[kind].body('Kai', englishPush.quoted('Tent')));
      if (kind === 'requested' || kind === 'accepted') {
        expect(step.body).toContain(push.quoted('Tent'));
        const noTitle = swapPush({
          userId: 'u1',
          kind,
          otherId: 'o1',
          otherName: '',
          itemTitle: null,
          exchangeId: 'x1',
          language,
        });
        expect(noTitle.body).toContain(push.yourItem);
        expect(noTitle.body).toContain(push.swapPartner);
      }
    }
    expect(titles.size).toBe(SWAP_KINDS.length);
    expect(push.quoted('Tent')).toContain('Tent');
    expect(push.quoted('Tent')).not.toBe('Tent');
    for (const fixed of ['yourItem', 'swapPartner'] as const) {
      expect(push[fixed].trim()).not.toBe('');
      notEnglish(push[fixed], englishPush[fixed]);
    }
  });
});

describe('a message push preview', () => {
  const preview = (content: string) =>
    messagePush({ userId: 'u1', senderId: 's1', senderName: 'Kai', content }).body;

  it(`is the whole text up to ${PUSH_PREVIEW_LENGTH} characters, cut with an ellipsis one past it`, () => {
    expect(PUSH_PREVIEW_LENGTH).toBe(140);
    const exact = 'a'.repeat(PUSH_PREVIEW_LENGTH);
    expect(preview(exact)).toBe(exact);
    const over = 'b'.repeat(PUSH_PREVIEW_LENGTH + 1);
    expect(preview(over)).toBe(`${'b'.repeat(PUSH_PREVIEW_LENGTH - 1)}…`);
    expect(preview(over)).toHaveLength(PUSH_PREVIEW_LENGTH);
  });

  it('does not end a cut preview on a space', () => {
    const text = `${'c'.repeat(PUSH_PREVIEW_LENGTH - 3)}  ${'d'.repeat(10)}`;
    expect(preview(text)).toBe(`${'c'.repeat(PUSH_PREVIEW_LENGTH - 3)}…`);
  });

  it('unknown or missing languages read English', () => {
    expect(pushTexts(undefined)).toBe(englishPush);
    expect(pushTexts('xx')).toBe(englishPush);
    expect(messagingMails(null)).toBe(englishMail);
  });
});
