import mongoose from 'mongoose';

export const oid = (id: string) => new mongoose.Types.ObjectId(id);
export const hex = (id: mongoose.Types.ObjectId) => id.toHexString();

/** A query operator the filter sanitiser must leave alone (`sanitizeFilter` is on for every connection). */
export const op = <T extends Record<string, unknown>>(operator: T): T => mongoose.trusted(operator) as T;
