import type { SocketMessageSendInput } from '@nomadswap/contracts/messaging';
import type { Message } from '@nomadswap/contracts/responses';
import { CLIENT_EVENTS, isAckError } from '@nomadswap/contracts/socket-events';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { connectedSocket } from './socket';

/** How long a socket send waits for its acknowledgement before it counts as lost and is retried. */
export const SEND_ACK_TIMEOUT_MS = 8_000;

/** POST /api/messages: the REST path of a send (used while the socket is not connected). */
export function postMessage(input: SocketMessageSendInput): Promise<Message> {
  return apiRequest<Message>('POST', '/api/messages', input);
}

/** A send the server refused (or that never got an answer); `retryable` says whether trying again can help. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

function emitWithAck(input: SocketMessageSendInput): Promise<Message> | null {
  const socket = connectedSocket();
  if (!socket) return null;
  return new Promise<Message>((resolve, reject) => {
    socket.timeout(SEND_ACK_TIMEOUT_MS).emit(CLIENT_EVENTS.messageSend, input, (err, ack) => {
      if (err) reject(new SendError('timeout', true));
      else if (isAckError(ack)) reject(new SendError(ack.error, ack.code === 'INTERNAL', ack.code));
      else resolve(ack);
    });
  });
}

/**
 * Sends one message: `message:send` with an acknowledgement when the socket is up, else POST. The same
 * `clientId` on every attempt makes a retry return the stored message instead of a second copy.
 */
export async function sendMessage(input: SocketMessageSendInput): Promise<Message> {
  const viaSocket = emitWithAck(input);
  if (viaSocket) return viaSocket;
  try {
    return await postMessage(input);
  } catch (error) {
    if (error instanceof ApiError) {
      const retryable = error.status >= 500 || error.status === 429;
      throw new SendError(error.body?.error ?? error.message, retryable, error.code);
    }
    // fetch rejects only when the network failed.
    throw new SendError(error instanceof Error ? error.message : String(error), true);
  }
}
