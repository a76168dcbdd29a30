import mongoose from 'mongoose';

/** A stored document's id: the use-cases pass it around without knowing it is mongoose's ObjectId. */
export type Id = mongoose.Types.ObjectId;

/** The id of a checked 24-hex string (routes validate ids before a use-case sees them). */
export const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
/** A fresh id, made before the write that stores it (a new item, a new photo). */
export const newId = (): Id => new mongoose.Types.ObjectId();

/** A query operator the filter sanitiser must leave alone (`sanitizeFilter` is on for every connection). */
export const op = <T extends Record<string, unknown>>(operator: T): T => mongoose.trusted(operator) as T;
