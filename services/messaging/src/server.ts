import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadMessagingConfig } from './config';

await startService({
  name: 'messaging',
  config: loadMessagingConfig,
  setup: (context) => ({ app: buildApp(context) }),
});
