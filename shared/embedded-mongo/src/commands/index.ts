import type { CommandHandler } from '../engine';
import { adminCommands } from './admin';
import { crudCommands } from './crud';
import { queryCommands } from './query';
import { serverInfoCommands } from './server-info';

/** Every command the engine answers, by the name in the command document's first field. */
export const commands: Record<string, CommandHandler> = Object.assign(
  Object.create(null) as Record<string, CommandHandler>,
  serverInfoCommands,
  crudCommands,
  queryCommands,
  adminCommands,
);
