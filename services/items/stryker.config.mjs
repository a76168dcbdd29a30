// `npm run mutation -- items`: the service's domain (`-- items --mutate <file,…>` for a part of it).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('items', {
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  // Its tests start Redis and the embedded engine: one at a time on a shared machine.
  concurrency: 1,
});
