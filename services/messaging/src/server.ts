import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadMessagingConfig } from './config';
import { createMessagingContext } from './context';
import { consumeMessagingEvents } from './events/consume';
import { attachSocketServer } from './realtime/socket-server';

await startService({
  name: 'messaging',
  config: loadMessagingConfig,
  setup: async (service) => {
    const { config } = service;
    const ctx = await createMessagingContext({ ...service, messagesPerMinute: config.MESSAGES_PER_MINUTE });
    consumeMessagingEvents(service.bus, ctx);
    return {
      app: buildApp(ctx),
      attach: (server) => {
        const sockets = attachSocketServer(ctx, server, { stream: config.SOCKET_STREAM });
        return [{ name: 'socket.io', run: () => sockets.close() }];
      },
    };
  },
});
