// `npm run mutation -- messaging`: the service's domain and what moved from it to data/ (ids, raw commands,
// the send's hot path) (`-- messaging --mutate <file,…>` for a part of it).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('messaging', {
  mutate: [
    'src/domain/**/*.ts',
    '!src/domain/**/*.test.ts',
    'src/data/ids.ts',
    'src/data/db-command.ts',
    'src/data/conversation-cursor.ts',
    'src/data/block.ts',
    'src/data/conversation.ts',
    'src/data/message.ts',
  ],
  // Its tests start Redis and the embedded engine: one at a time on a shared machine.
  concurrency: 1,
});
