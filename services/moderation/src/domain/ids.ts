import mongoose from 'mongoose';

export const oid = (id: string) => new mongoose.Types.ObjectId(id);
export const hex = (id: mongoose.Types.ObjectId) => id.toHexString();
export const isObjectId = (value: string) => /^[a-f0-9]{24}$/i.test(value);

/** A query operator the filter sanitiser must leave alone (`sanitizeFilter` is on for every connection). */
export const op = <T extends Record<string, unknown>>(operator: T): T => mongoose.trusted(operator) as T;

/** `?page=&limit=` → skip/limit with the service's defaults. */
export function pageOf(query: { page?: number; limit?: number }, defaultLimit: number) {
  const limit = query.limit ?? defaultLimit;
  const page = query.page ?? 1;
  return { skip: (page - 1) * limit, limit };
}
