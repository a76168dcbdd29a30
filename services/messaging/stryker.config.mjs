// `npm run mutation -- messaging`: the service's domain (`-- messaging --mutate <file,…>` for a part of it).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('messaging', {
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  // Its tests start Redis and the embedded engine: one at a time on a shared machine.
  concurrency: 1,
});
