// `npm run mutation -- moderation`: the service's domain and its id helpers (data/ids.ts)
// (`-- moderation --mutate <file,…>` for a part of it).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('moderation', {
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts', 'src/data/ids.ts'],
  // Its tests start Redis and the embedded engine: one at a time on a shared machine.
  concurrency: 1,
});
