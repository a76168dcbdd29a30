import type { TFunction } from 'i18next';
import { MSG } from '@nomadswap/contracts/messages';

type MsgKey = keyof typeof MSG;

const keyByText = new Map<string, MsgKey>(
  (Object.entries(MSG) as [MsgKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The text to show for a message that came from a shared zod schema or an API error: the catalogue's
 * `msg.*` entry when it is one of the shared texts (so it can be translated), otherwise the text itself.
 */
export function messageText(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(`msg.${key}`) : text;
}
