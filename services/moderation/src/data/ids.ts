import mongoose from 'mongoose';

/** A stored document's id: the use-cases pass it around without knowing it is an ObjectId. */
export type Id = mongoose.Types.ObjectId;

export const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
export const hex = (id: Id) => id.toHexString();
/** A fresh id, made before the write that stores it (a token, an outbox key). */
export const newId = (): Id => new mongoose.Types.ObjectId();
export const isObjectId = (value: string) => /^[a-f0-9]{24}$/i.test(value);

/** A query operator the filter sanitiser must leave alone (`sanitizeFilter` is on for every connection). */
export const op = <T extends Record<string, unknown>>(operator: T): T => mongoose.trusted(operator) as T;

/** `?page=&limit=` → skip/limit with the service's defaults. */
export function pageOf(query: { page?: number; limit?: number }, defaultLimit: number) {
  const limit = query.limit ?? defaultLimit;
  const page = query.page ?? 1;
  return { skip: (page - 1) * limit, limit };
}
