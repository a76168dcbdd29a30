import mongoose from 'mongoose';

/** A stored document's id: use-cases hold and compare it without knowing it is mongoose's ObjectId. */
export type Id = mongoose.Types.ObjectId;

const HEX_ID = /^[a-f0-9]{24}$/i;

/** Whether `value` is an id's 24-hex form (events, tokens and Redis keys carry ids as strings). */
export function isId(value: string): boolean {
  return HEX_ID.test(value);
}

/** A new id, made before the write when an outbox guard or a stored file must name the document first. */
export function newId(): Id {
  return new mongoose.Types.ObjectId();
}

/** The id of a checked 24-hex string; an id passes through. */
export function toId(id: string | Id): Id {
  return typeof id === 'string' ? new mongoose.Types.ObjectId(id) : id;
}
