import { describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@nomadswap/contracts/alerts';
import { CATEGORIES, LANGUAGES } from '@nomadswap/contracts/enums';
import { alertDigestMail, alertDigestPush, deadlineReminderMail, itemMails } from './mails';

/*
 * The items service's e-mail and push texts in each of the five languages, without stores (issue 21: the
 * mutation run found most of the catalogue untested — a language's text emptied, a plural turned singular, a
 * language falling back to English all passed). Every text is there, says what it is given, tells one from
 * several, and is not English in another language.
 */

const texts = (language: string) => itemMails(language);
const english = texts('en');
const reminder = (count: number) => ({
  name: 'Ana',
  count,
  cities: 'Lisbon',
  when: 'WHEN',
  titles: ['Tent', 'Stove'],
});

describe.each(LANGUAGES)('the items texts in %s', (language) => {
  const t = texts(language);
  const translated = language !== 'en';
  /** A text that must differ from the English one in any other language. */
  const notEnglish = (text: string, inEnglish: string) => {
    if (translated) expect(text).not.toBe(inEnglish);
  };

  it('the deadline reminder: subject, body and push body, one item and several', () => {
    const [one, two] = [t.reminderSubject(1, 'Lisbon'), t.reminderSubject(2, 'Lisbon')];
    expect(one).toContain('Lisbon');
    expect(two).toContain('2');
    expect(two).not.toBe(one);
    notEnglish(one, english.reminderSubject(1, 'Lisbon'));

    const [body, bodies] = [t.reminderBody(reminder(1)), t.reminderBody(reminder(2))];
    for (const text of [body, bodies]) {
      for (const part of ['Ana', 'Lisbon', 'WHEN', '- Tent\n- Stove']) expect(text).toContain(part);
    }
    expect(bodies).not.toBe(body);
    notEnglish(body, english.reminderBody(reminder(1)));

    const [push, pushes] = [t.reminderPushBody(1, 'WHEN'), t.reminderPushBody(2, 'WHEN')];
    expect(push).toContain('WHEN');
    expect(pushes).not.toBe(push);
    notEnglish(push, english.reminderPushBody(1, 'WHEN'));
  });

  it('the alert digest: subject, opening, "and N more", browse and stop lines, signature', () => {
    const [one, three] = [t.alertSubject(1, 'Porto'), t.alertSubject(3, 'Porto')];
    expect(one).toContain('Porto');
    expect(three).toContain('3');
    expect(three).not.toBe(one);
    notEnglish(one, english.alertSubject(1, 'Porto'));
    const intro = t.alertIntro('Ana', 'Porto');
    expect(intro).toContain('Ana');
    expect(intro).toContain('Porto');
    notEnglish(intro, english.alertIntro('Ana', 'Porto'));
    expect(t.alertMore(4)).toContain('4');
    notEnglish(t.alertMore(4), english.alertMore(4));
    expect(t.alertBrowse.trim()).not.toBe('');
    notEnglish(t.alertBrowse, english.alertBrowse);
    expect(t.alertStop('Porto')).toContain('Porto');
    notEnglish(t.alertStop('Porto'), english.alertStop('Porto'));
    expect(t.signature).toContain('NomadSwap');
    notEnglish(t.signature, english.signature);
  });

  it('writes one item in the singular, not as "1" put into the plural', () => {
    const asPlural = (text: (count: number) => string) => text(7).replaceAll('7', '1');
    expect(t.reminderSubject(1, 'Lisbon')).not.toBe(asPlural((n) => t.reminderSubject(n, 'Lisbon')));
    expect(t.reminderBody(reminder(1))).not.toBe(asPlural((n) => t.reminderBody(reminder(n))));
    expect(t.reminderPushBody(1, 'WHEN')).not.toBe(asPlural((n) => t.reminderPushBody(n, 'WHEN')));
    expect(t.alertSubject(1, 'Porto')).not.toBe(asPlural((n) => t.alertSubject(n, 'Porto')));
  });

  it('names every category, each differently', () => {
    const names = CATEGORIES.map((category) => t.categoryNames[category]);
    for (const name of names) expect(name?.trim()).toBeTruthy();
    expect(new Set(names).size).toBe(CATEGORIES.length);
    if (translated) expect(names).not.toEqual(CATEGORIES.map((category) => english.categoryNames[category]));
  });
});

describe('the alert digest', () => {
  const facts = (count: number) => ({
    location: 'Porto, Portugal',
    category: null,
    titles: Array.from({ length: count }, (_, i) => `Item ${i + 1}`),
    browsePath: '/browse?placeId=2735943',
    language: 'en',
  });
  const mail = (count: number, publicUrl?: string) =>
    alertDigestMail({
      ...facts(count),
      to: 'ana@example.test',
      name: 'Ana',
      stopPath: '/alerts/stop?token=t',
      publicUrl,
    });
  const push = (count: number) => alertDigestPush({ ...facts(count), userId: 'u1', alertId: 'a1' });
  const max = ALERT_LIMITS.titlesPerDigest;

  it(`names ${max} titles with nothing more, and past ${max} counts the rest`, () => {
    expect(mail(max).text).toContain(`- Item ${max}`);
    expect(mail(max).text).not.toContain('more');
    expect(push(max).body).not.toContain('more');
    const past = mail(max + 1).text;
    expect(past).not.toContain(`- Item ${max + 1}`);
    expect(past).toContain(`- Item ${max}\n…and 1 more\n\n`);
    expect(push(max + 1).body.endsWith(`Item ${max} …and 1 more`)).toBe(true);
  });

  it('links in full with the public address, by path without it', () => {
    expect(mail(1, 'https://nomadswap.example').text).toContain(
      '\nhttps://nomadswap.example/browse?placeId=2735943\n',
    );
    expect(mail(1, 'https://nomadswap.example').text).toContain(
      '\nhttps://nomadswap.example/alerts/stop?token=t',
    );
    expect(mail(1).text).toContain('\n/browse?placeId=2735943\n');
  });
});

describe('the deadline reminder e-mail', () => {
  const items = [
    { title: 'Tent', location: 'Lisbon, Portugal' },
    { title: 'Stove', location: ' , Portugal' },
  ];
  const reminderMail = (publicUrl?: string) =>
    deadlineReminderMail({ to: 'ana@example.test', name: 'Ana', items, beforeMs: 24 * 3_600_000, publicUrl });

  it('links to the owner’s items only when the app’s address is known, and names a city even from an odd label', () => {
    expect(reminderMail('https://nomadswap.example').text).toContain('\n\nhttps://nomadswap.example/profile');
    expect(reminderMail().text).not.toContain('/profile');
    // A label with nothing before its comma is named whole.
    expect(reminderMail().subject).toContain(', Portugal');
  });
});
