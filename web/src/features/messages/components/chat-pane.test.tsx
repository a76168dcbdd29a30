import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatUser, Message } from '@nomadswap/contracts/responses';
import { renderApp } from '../../../testing/render-app';
import { buildChatUser, buildUser, signInAs } from '../../../testing/api-mock';
import type * as LinkifiedTextModule from './linkified-text';
import type * as ChatActionsModule from './chat-actions';

/** Renders per message text (each bubble renders its text once) and of the header's actions. */
const textRenders = new Map<string, number>();
let headerRenders = 0;

vi.mock('./linkified-text', async (importOriginal) => {
  const original = await importOriginal<typeof LinkifiedTextModule>();
  return {
    ...original,
    LinkifiedText: (props: Parameters<typeof original.LinkifiedText>[0]) => {
      textRenders.set(props.content, (textRenders.get(props.content) ?? 0) + 1);
      return original.LinkifiedText(props);
    },
  };
});
vi.mock('./chat-actions', async (importOriginal) => {
  const original = await importOriginal<typeof ChatActionsModule>();
  return {
    ...original,
    ChatActions: (props: Parameters<typeof original.ChatActions>[0]) => {
      headerRenders += 1;
      return <original.ChatActions {...props} />;
    },
  };
});

const me = buildUser({ id: '65f1a2b3c4d5e6f708192a3b', fullName: 'Lena Traveller' });
const marco = buildChatUser();
const meChat: ChatUser = buildChatUser({ id: me.id, fullName: me.fullName, username: me.username });

/** A read thread of `count` messages, alternating sides, newest first (as the API sends them). */
function history(count: number): Message[] {
  return Array.from({ length: count }, (_, i) => {
    const mine = i % 2 === 0;
    return {
      id: `67000000000000000000${String(i).padStart(4, '0')}`,
      senderId: mine ? me.id : marco.id,
      receiverId: mine ? marco.id : me.id,
      exchangeId: null,
      itemId: null,
      content: `Message number ${i}`,
      safetyWarning: null,
      isRead: true,
      readAt: null,
      clientId: null,
      createdAt: new Date(Date.UTC(2026, 10, 26, 9, 0, 0) + (count - i) * 60_000).toISOString(),
      sender: mine ? meChat : marco,
      receiver: mine ? marco : meChat,
    };
  });
}

beforeAll(async () => {
  await import('../../../routes/messages');
});

afterEach(() => {
  textRenders.clear();
  headerRenders = 0;
});

describe('sending a message (issue 25: the send INP)', () => {
  it('renders the new bubble and the composer, not the messages already shown nor the header', async () => {
    const thread = history(8);
    signInAs(me, {
      'GET /api/conversations': { body: [] },
      'GET /api/messages': { body: thread },
      'GET /api/messages/unread-count': { body: { count: 0 } },
      [`GET /api/users/${marco.id}`]: {
        body: buildUser({ id: marco.id, fullName: 'Marco Rossi', username: 'marco' }),
      },
      // The send stays pending: what is measured is the render the click starts, before any answer.
      'POST /api/messages': () => new Promise<Response>(() => {}),
    });
    renderApp(`/messages?user=${marco.id}`);
    const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
    await within(log).findByText('Message number 0');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way');
    await waitFor(() => expect(headerRenders).toBeGreaterThan(0));
    const before = new Map(textRenders);
    const headerBefore = headerRenders;

    await user.keyboard('{Enter}');

    expect(await within(log).findByText('On my way')).toBeInTheDocument();
    expect(within(log).getByText('Sending...')).toBeInTheDocument();
    expect(textRenders.get('On my way')).toBeGreaterThan(0);
    for (const message of thread) {
      expect({ [message.content]: textRenders.get(message.content) }).toEqual({
        [message.content]: before.get(message.content),
      });
    }
    expect(headerRenders).toBe(headerBefore);
  });
});
