import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadModerationConfig } from './config';

await startService({
  name: 'moderation',
  config: loadModerationConfig,
  setup: (context) => ({ app: buildApp(context) }),
});
