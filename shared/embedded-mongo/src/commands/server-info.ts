import os from 'node:os';
import { type Document, UUID } from 'bson';
import type { CommandContext, CommandHandler } from '../engine';
import { CommandError } from '../errors';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../wire';

/** The server version we report; the wire version below is MongoDB 7.0's. */
export const SERVER_VERSION = '7.0.0';
const MAX_WIRE_VERSION = 21;

function helloReply(ctx: CommandContext, legacyName: boolean): Document {
  return {
    ...(legacyName ? { ismaster: true } : {}),
    helloOk: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.conn.id,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

const ok: CommandHandler = () => ({ ok: 1 });

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'nomadswap-embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

const getParameter: CommandHandler = (cmd) => {
  const reply: Document = { ok: 1 };
  if (cmd.featureCompatibilityVersion !== undefined || cmd.getParameter === '*') {
    reply.featureCompatibilityVersion = { version: '7.0' };
  }
  return reply;
};

const hostInfo: CommandHandler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(os.totalmem() / 1048576),
    numCores: os.cpus().length,
    cpuArch: os.arch(),
  },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
  ok: 1,
});

const serverStatus: CommandHandler = (_cmd, ctx) => ({
  host: os.hostname(),
  version: SERVER_VERSION,
  process: 'mongod',
  pid: process.pid,
  uptime: Math.floor((Date.now() - ctx.engine.startedAt) / 1000),
  uptimeMillis: Date.now() - ctx.engine.startedAt,
  localTime: new Date(),
  metrics: { cursor: { open: { total: ctx.engine.cursors.openCount } } },
  ok: 1,
});

const unsupportedAuth: CommandHandler = () => {
  throw new CommandError(
    'AuthenticationFailed',
    'Authentication is not supported by the embedded engine; connect without credentials',
  );
};

/** Handshake, diagnostics and session/transaction bookkeeping. Transactions are accepted without isolation. */
export const serverInfoCommands: Record<string, CommandHandler> = {
  hello: (_cmd, ctx) => helloReply(ctx, false),
  isMaster: (_cmd, ctx) => helloReply(ctx, true),
  ismaster: (_cmd, ctx) => helloReply(ctx, true),
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  hostInfo,
  serverStatus,
  whatsmyuri: (_cmd, ctx) => ({ you: ctx.conn.remote, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getCmdLineOpts: () => ({ argv: [], parsed: {}, ok: 1 }),
  currentOp: () => ({ inprog: [], ok: 1 }),
  killOp: ok,
  getLastError: () => ({ n: 0, err: null, ok: 1 }),
  saslStart: unsupportedAuth,
  saslContinue: unsupportedAuth,
  authenticate: unsupportedAuth,
  logout: ok,
  endSessions: ok,
  startSession: () => ({ id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 }),
  refreshSessions: ok,
  killSessions: ok,
  killAllSessions: ok,
  commitTransaction: ok,
  abortTransaction: ok,
};
