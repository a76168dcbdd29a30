/** Query keys of the messages feature (only this feature reads them; the shell reads them through its hooks). */
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  threads: ['messages', 'thread'] as const,
  thread: (userId: string) => ['messages', 'thread', userId] as const,
  unreadCount: ['messages', 'unread-count'] as const,
  blocks: ['messages', 'blocks'] as const,
  settings: ['messages', 'settings'] as const,
  replyTime: (userId: string) => ['messages', 'reply-time', userId] as const,
};
