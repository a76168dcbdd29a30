import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { newId } from '../data/ids';
import type { ChatUserRecord } from '../data/chat-user';
import { deletedChatUser, presentChatUser } from './chat-users';

/** How a chat shows a participant, without stores (issue 21: the mutation run found the fallbacks untested). */
describe('presentChatUser', () => {
  const id = newId();
  const record = {
    _id: id,
    fullName: 'Noor Haddad',
    username: 'noor',
    avatar: '/api/avatars/1',
    rating: 4.5,
    reviewCount: 7,
    deleted: false,
  } as unknown as ChatUserRecord;

  it('a known user: their public summary, nothing else', () => {
    expect(presentChatUser(id.toHexString(), record)).toEqual({
      id: id.toHexString(),
      fullName: 'Noor Haddad',
      username: 'noor',
      avatar: '/api/avatars/1',
      rating: 4.5,
      reviewCount: 7,
      deleted: false,
    });
  });

  it('a user not projected yet: a bare summary (no name, no avatar, no rating), not deleted', () => {
    expect(presentChatUser('u1', undefined)).toEqual({
      id: 'u1',
      fullName: '',
      username: '',
      avatar: null,
      rating: 0,
      reviewCount: 0,
      deleted: false,
    });
    const partial = { _id: id, fullName: 'Kai' } as unknown as ChatUserRecord;
    expect(presentChatUser('u2', partial)).toMatchObject({
      fullName: 'Kai',
      username: '',
      avatar: null,
      rating: 0,
    });
  });

  it('a deleted user: "Deleted user" and nothing that identified them', () => {
    const gone = { ...record, deleted: true } as ChatUserRecord;
    expect(presentChatUser('u3', gone)).toEqual(deletedChatUser('u3'));
    expect(deletedChatUser('u3')).toEqual({
      id: 'u3',
      fullName: MSG.deletedUser,
      username: '',
      avatar: null,
      rating: 0,
      reviewCount: 0,
      deleted: true,
    });
  });
});
