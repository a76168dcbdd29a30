import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadItemsConfig } from './config';

await startService({
  name: 'items',
  config: loadItemsConfig,
  setup: (context) => ({ app: buildApp(context) }),
});
