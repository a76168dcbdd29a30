import type { PushJob } from '@nomadswap/service-kit/push';

/** The texts of every push messaging sends (issue 23), written once like the e-mails. */

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
  senderName: string;
  content: string | null;
}): PushJob {
  return {
    userId: props.userId,
    kind: 'messages',
    title: props.content === null ? 'NomadSwap' : props.senderName,
    body: props.content === null ? `New message from ${props.senderName}` : truncate(props.content),
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
}): PushJob {
  const item = props.itemTitle ? `"${props.itemTitle}"` : 'your item';
  const texts: Record<SwapPushKind, { title: string; body: string }> = {
    requested: { title: 'New swap request', body: `${props.otherName} would like ${item}` },
    accepted: { title: 'Swap accepted', body: `${props.otherName} accepted your request for ${item}` },
    meetup_agreed: {
      title: 'Meetup agreed',
      body: `You and ${props.otherName} agreed where and when to meet`,
    },
    reminder: { title: 'Meetup soon', body: `You meet ${props.otherName} in 2 hours` },
    prompt: { title: 'Did the swap happen?', body: `Tell us how the swap with ${props.otherName} went` },
  };
  const timer = props.kind === 'reminder' || props.kind === 'prompt';
  return {
    userId: props.userId,
    kind: timer ? 'reminders' : 'swaps',
    ...texts[props.kind],
    url: conversationUrl(props.otherId),
    // A reminder is its own notification; the other steps belong to the conversation's burst.
    tag: timer ? `exchange-${props.exchangeId}-${props.kind}` : conversationTag(props.otherId),
  };
}
