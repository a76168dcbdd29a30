import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Block } from '@nomadswap/contracts/messaging-responses';
import { apiGet } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** GET /api/blocks: the users the caller blocked. */
export function getBlocks(): Promise<Block[]> {
  return apiGet<Block[]>('/api/blocks');
}

export function blocksQueryOptions() {
  return queryOptions({ queryKey: messagesKeys.blocks, queryFn: getBlocks });
}

export function useBlocks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...blocksQueryOptions(), enabled });
}
