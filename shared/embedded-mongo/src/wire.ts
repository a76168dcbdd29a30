import { type Document, deserialize, serialize } from 'bson';

/** Wire protocol opcodes we read or write. */
export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const HEADER_SIZE = 16;
/** Limits advertised in hello; anything larger is refused. */
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
/** mongod allows command bodies slightly over the document limit to leave room for command fields. */
const MAX_COMMAND_BODY = MAX_BSON_OBJECT_SIZE + 16 * 1024;

const FLAG_CHECKSUM_PRESENT = 1;
const FLAG_MORE_TO_COME = 2;

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

/** A request decoded into a command document, whatever the opcode it arrived with. */
export interface Request {
  header: MessageHeader;
  /** The command body, with kind-1 document sequences attached as arrays. */
  command: Document;
  /** Database the command runs against. */
  db: string;
  /** OP_MSG moreToCome: the client expects no reply (unacknowledged writes). */
  moreToCome: boolean;
  /** Whether the reply must be an OP_REPLY (legacy OP_QUERY handshake). */
  legacy: boolean;
}

/** A message that is well framed but cannot be served; it is answered with this error, not a disconnect. */
export class RequestTooLargeError extends Error {}

/** Thrown for malformed messages; the connection is closed. */
export class ProtocolError extends Error {}

/** Reads the 16-byte standard message header. */
export function readHeader(buf: Buffer): MessageHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

function bsonLength(buf: Buffer, off: number, end: number): number {
  if (off + 5 > end) throw new ProtocolError('truncated BSON document');
  const len = buf.readInt32LE(off);
  if (len < 5 || off + len > end) throw new ProtocolError(`invalid BSON document length ${len}`);
  return len;
}

function readDoc(buf: Buffer, off: number, end: number, limit: number): [Document, number] {
  const len = bsonLength(buf, off, end);
  if (len > limit)
    throw new RequestTooLargeError(
      `BSONObj size: ${len} is invalid. Size must be between 0 and ${MAX_BSON_OBJECT_SIZE}`,
    );
  try {
    return [deserialize(buf.subarray(off, off + len)), off + len];
  } catch (err) {
    throw new ProtocolError(`malformed BSON: ${(err as Error).message}`);
  }
}

function readCString(buf: Buffer, off: number, end: number): [string, number] {
  const zero = buf.indexOf(0, off);
  if (zero < 0 || zero >= end) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', off, zero), zero + 1];
}

/** Decodes one complete message (header included) into a command. */
export function parseMessage(msg: Buffer): Request {
  const header = readHeader(msg);
  if (header.opCode === OP_MSG) return parseOpMsg(msg, header);
  if (header.opCode === OP_QUERY) return parseOpQuery(msg, header);
  if (header.opCode === OP_COMPRESSED)
    throw new ProtocolError('OP_COMPRESSED received but compression was not negotiated');
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(msg: Buffer, header: MessageHeader): Request {
  const flags = msg.readUInt32LE(HEADER_SIZE);
  // Bits 0-15 are required to be understood; only checksumPresent and moreToCome are defined there.
  if ((flags & 0xffff & ~(FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME)) !== 0) {
    throw new ProtocolError(`unsupported OP_MSG flags 0x${flags.toString(16)}`);
  }
  const end = flags & FLAG_CHECKSUM_PRESENT ? msg.length - 4 : msg.length;
  let off = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: [string, Document[]][] = [];
  while (off < end) {
    const kind = msg[off++];
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has more than one body section');
      [body, off] = readDoc(msg, off, end, MAX_COMMAND_BODY);
    } else if (kind === 1) {
      if (off + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = msg.readInt32LE(off);
      const seqEnd = off + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError(`invalid document sequence size ${size}`);
      let id: string;
      [id, off] = readCString(msg, off + 4, seqEnd);
      const docs: Document[] = [];
      while (off < seqEnd) {
        let d: Document;
        [d, off] = readDoc(msg, off, seqEnd, MAX_BSON_OBJECT_SIZE);
        docs.push(d);
      }
      sequences.push([id, docs]);
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [id, docs] of sequences) body[id] = docs;
  const db = typeof body.$db === 'string' ? body.$db : 'admin';
  return { header, command: body, db, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0, legacy: false };
}

function parseOpQuery(msg: Buffer, header: MessageHeader): Request {
  const [ns, afterNs] = readCString(msg, HEADER_SIZE + 4, msg.length);
  // numberToSkip and numberToReturn follow the namespace; they are meaningless for commands.
  const [query] = readDoc(msg, afterNs + 8, msg.length, MAX_COMMAND_BODY);
  const dot = ns.indexOf('.');
  const db = dot > 0 ? ns.slice(0, dot) : ns;
  if (ns.slice(dot + 1) !== '$cmd')
    throw new ProtocolError(`legacy OP_QUERY on ${ns} is not supported (only commands)`);
  // Legacy drivers wrap the command as { $query: {...}, $readPreference: ... }.
  const command = query.$query && typeof query.$query === 'object' ? (query.$query as Document) : query;
  return { header, command, db, moreToCome: false, legacy: true };
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** Encodes a reply in the form matching the request (OP_MSG, or OP_REPLY for legacy OP_QUERY). */
export function encodeReply(reply: Document, req: Pick<Request, 'header' | 'legacy'>): Buffer {
  const body = serialize(reply);
  if (req.legacy) {
    const prefix = Buffer.alloc(20);
    prefix.writeInt32LE(0, 0); // responseFlags
    prefix.writeBigInt64LE(0n, 4); // cursorID
    prefix.writeInt32LE(0, 12); // startingFrom
    prefix.writeInt32LE(1, 16); // numberReturned
    const len = HEADER_SIZE + prefix.length + body.length;
    return Buffer.concat([header(len, req.header.requestId, OP_REPLY), prefix, body], len);
  }
  const prefix = Buffer.alloc(5); // flagBits (0) + section kind 0
  const len = HEADER_SIZE + prefix.length + body.length;
  return Buffer.concat([header(len, req.header.requestId, OP_MSG), prefix, body], len);
}
