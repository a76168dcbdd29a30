// `npm run mutation -- auth`: the service's domain (`-- auth --mutate <file,…>` for a part of it).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('auth', {
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  // Its tests start Redis and the embedded engine: one at a time on a shared machine.
  concurrency: 1,
});
