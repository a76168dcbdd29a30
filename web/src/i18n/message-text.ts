import type { TFunction } from 'i18next';
import { MSG } from '@nomadswap/contracts/messages';
import { errorMessage } from '../lib/api-client';

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

/**
 * The text to show for a failed call, in the reader's language: the server's reason through `messageText` (a
 * shared text such as "Invalid id" becomes the catalogue's), otherwise `fallback`, otherwise the error's message.
 * Components use this rather than `errorMessage` itself (lint forbids that), so no server text reaches a page
 * untranslated.
 */
export function errorText(t: TFunction, error: unknown, fallback?: string): string {
  return messageText(t, errorMessage(error, fallback));
}
