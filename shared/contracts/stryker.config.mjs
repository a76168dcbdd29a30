// `npm run mutation -- contracts`: the schemas, enums and texts (the limits table is test support).
import { mutationConfig } from '../../scripts/mutation/config.mjs';

export default mutationConfig('contracts', {
  mutate: ['src/**/*.ts', '!src/limits.test-table.ts'],
});
