import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { i18n } from './index';
import { ApiError } from '../lib/api-client';
import { errorText, messageText } from './message-text';

describe('messageText: an API or schema text shown in the reader’s language', () => {
  it('a German reader sees the German catalogue’s text for every shared message, loaded with the language', async () => {
    await i18n.loadLanguages('de');
    const german = i18n.getFixedT('de');
    const english = i18n.getFixedT('en');
    const untranslated = (Object.keys(MSG) as (keyof typeof MSG)[]).filter(
      (key) => messageText(german, MSG[key]) === MSG[key],
    );
    expect(messageText(german, MSG.invalidEmail)).not.toBe(MSG.invalidEmail);
    expect(messageText(german, MSG.invalidEmail)).toBe(german('msg.invalidEmail'));
    expect(messageText(english, MSG.invalidEmail)).toBe('Invalid email address');
    // Each shared text has a German translation of its own.
    expect(untranslated).toEqual([]);
    // A text that is not one of the shared ones is shown as it came.
    expect(messageText(german, 'Something else')).toBe('Something else');
  });

  it('errorText: a server’s shared reason in the reader’s language; the fallback when the server sent none', async () => {
    await i18n.loadLanguages('de');
    const german = i18n.getFixedT('de');
    const refused = new ApiError(400, JSON.stringify({ error: MSG.invalidId }), 'Bad Request');
    expect(errorText(german, refused, 'Fehler')).toBe('Ungültige ID');
    expect(errorText(german, new ApiError(502, '', 'Bad Gateway'), 'Fehler')).toBe('Fehler');
    expect(errorText(german, new ApiError(400, JSON.stringify({ error: 'Other' }), ''), 'Fehler')).toBe(
      'Other',
    );
  });
});
