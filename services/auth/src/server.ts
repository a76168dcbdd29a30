import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadAuthConfig } from './config';

await startService({
  name: 'auth',
  config: loadAuthConfig,
  setup: (context) => ({ app: buildApp(context) }),
});
