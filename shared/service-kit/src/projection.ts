import mongoose from 'mongoose';
import { isDuplicateKey } from './errors';

/** Highest possible version: a tombstone outranks any late event about what was deleted. */
export const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/** What the helpers need of a mongoose model (any schema). */
export interface ProjectionModel {
  updateOne(filter: object, update: object, options: object): PromiseLike<unknown>;
}

/**
 * Stores a read-model document fed by events (a user or item projection) when `version` is newer than the stored
 * one; an older or equal version changes nothing, since events arrive late, twice or out of order. Clears a
 * previous tombstone only by outranking it, which no real version does. Returns whether it was stored.
 */
export async function upsertNewerVersion(
  model: ProjectionModel,
  props: { id: string; version: number; set: Record<string, unknown> },
): Promise<boolean> {
  const filter = {
    _id: new mongoose.Types.ObjectId(props.id),
    version: mongoose.trusted({ $lt: props.version }),
  };
  try {
    await model.updateOne(
      filter,
      { $set: { ...props.set, version: props.version, deleted: false } },
      { upsert: true },
    );
    return true;
  } catch (error) {
    // A stored version ≥ this one made the filter miss and the upsert collide with the existing _id: stale.
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

/**
 * Turns a read-model document into a tombstone (`deleted`, highest version) so no late event brings it back.
 * `set` blanks what must not be shown any more; `setOnInsert` fills a tombstone for something never seen. Safe to
 * run twice.
 */
export async function writeTombstone(
  model: ProjectionModel,
  props: { id: string; set?: Record<string, unknown>; setOnInsert?: Record<string, unknown> },
): Promise<void> {
  await model.updateOne(
    { _id: new mongoose.Types.ObjectId(props.id) },
    {
      $set: { ...props.set, version: TOMBSTONE_VERSION, deleted: true },
      ...(props.setOnInsert ? { $setOnInsert: props.setOnInsert } : {}),
    },
    { upsert: true },
  );
}
