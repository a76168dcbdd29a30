import type { Readable } from 'node:stream';
import mongoose, { type Connection, type Types } from 'mongoose';
import { IMAGE_FORMATS, type ImageFormat, type ImageVariants } from './image-variants';

export interface ImageVariantFile {
  stream: Readable;
  length: number;
  contentType: string;
}

export interface ImageStoreOptions<Size extends string> {
  /** Raw uploads as received (never served); the file id is the upload's id. */
  uploadsBucket: string;
  /** Processed variants, the only image bytes ever served. */
  variantsBucket: string;
  sizes: readonly Size[];
  /** The metadata field of a variant file that holds its image id (default `imageId`). */
  idKey?: string;
  /**
   * A variant's file name (default `<id>/<size>.<ext>`; `both` names the one file of a format whose sizes are the
   * very same bytes). Lookups are by name.
   */
  filename?: (id: Types.ObjectId, size: Size | 'both', format: ImageFormat) => string;
}

/** GridFS storage of one kind of image (avatars, item photos): raw uploads and their served variants. */
export interface ImageStore<Size extends string> {
  /** Creates the indexes lookups rely on (idempotent). */
  init(): Promise<void>;
  /** `metadata` says whose it is (e.g. `{ userId }`), for `deleteWhere`. */
  saveUpload(props: {
    id: Types.ObjectId;
    data: Buffer;
    contentType: string;
    metadata: Record<string, unknown>;
  }): Promise<void>;
  /** The raw bytes, or null when the upload is gone. */
  readUpload(id: Types.ObjectId): Promise<Buffer | null>;
  deleteUpload(id: Types.ObjectId): Promise<void>;
  /** Several uploads in two commands (a worker batches the uploads it has processed). */
  deleteUploads(ids: Types.ObjectId[]): Promise<void>;
  /** Ids of the raw uploads stored before `before` (a sweeper looks for uploads nobody needs any more). */
  listUploadsBefore(before: Date, limit: number): Promise<Types.ObjectId[]>;
  /**
   * Writes the variants of an image in two round trips (one file per size and format, or one for all sizes of a
   * format when they are the very same bytes). `replace` first removes whatever an interrupted attempt left.
   */
  saveVariants(props: {
    id: Types.ObjectId;
    variants: ImageVariants<Size>;
    metadata: Record<string, unknown>;
    replace: boolean;
  }): Promise<void>;
  /** How many (size, format) variants of an image can be served. */
  countVariants(id: Types.ObjectId): Promise<number>;
  /** One processed variant, or null when there is none (yet). */
  openVariant(id: Types.ObjectId, size: Size, format: ImageFormat): Promise<ImageVariantFile | null>;
  deleteVariants(id: Types.ObjectId): Promise<void>;
  /** The upload and the variants of each image. */
  deleteImages(ids: Types.ObjectId[]): Promise<void>;
  /** Every upload and variant whose metadata has these values (e.g. `{ userId }` on account deletion). */
  deleteWhere(metadata: Record<string, unknown>): Promise<void>;
}

type Bucket = InstanceType<typeof mongoose.mongo.GridFSBucket>;
type Db = NonNullable<Connection['db']>;

interface StoredFile {
  id: Types.ObjectId;
  filename: string;
  data: Buffer;
  metadata: Record<string, unknown>;
}

const CHUNK_SIZE = 255 * 1024;

/**
 * Writes several files to a GridFS bucket in two round trips (all chunks, then all file documents, so a file
 * document never points at missing chunks), where upload streams take two per file. The documents are exactly
 * what GridFS writes, so the driver's buckets read and delete them as their own.
 */
async function writeFiles(db: Db, bucketName: string, files: StoredFile[]): Promise<void> {
  const chunks = files.flatMap((file) =>
    Array.from({ length: Math.max(1, Math.ceil(file.data.length / CHUNK_SIZE)) }, (_, n) => ({
      files_id: file.id,
      n,
      data: new mongoose.mongo.Binary(file.data.subarray(n * CHUNK_SIZE, (n + 1) * CHUNK_SIZE)),
    })),
  );
  await db.collection(`${bucketName}.chunks`).insertMany(chunks, { ordered: false });
  const uploadDate = new Date();
  await db.collection(`${bucketName}.files`).insertMany(
    files.map((file) => ({
      _id: file.id,
      length: file.data.length,
      chunkSize: CHUNK_SIZE,
      uploadDate,
      filename: file.filename,
      metadata: file.metadata,
    })),
    { ordered: false },
  );
}

/** GridFS's "no such file" (reading or deleting a file that is not, or no longer, there). */
function isFileNotFound(error: unknown): boolean {
  return error instanceof mongoose.mongo.MongoRuntimeError && /file ?not ?found/i.test(error.message);
}

async function deleteFilesWhere(bucket: Bucket, filter: Record<string, unknown>): Promise<void> {
  const files = await bucket.find(filter, { projection: { _id: 1 } }).toArray();
  for (const file of files) {
    await bucket.delete(file._id).catch((error: unknown) => {
      // Already gone (a concurrent delete) is the outcome we wanted.
      if (!isFileNotFound(error)) throw error;
    });
  }
}

const defaultFilename = (id: Types.ObjectId, size: string, format: ImageFormat) =>
  `${id.toHexString()}/${size}.${IMAGE_FORMATS[format].extension}`;

const byMetadata = (metadata: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(metadata).map(([key, value]) => [`metadata.${key}`, value]));

export function createImageStore<Size extends string>(
  connection: Connection,
  options: ImageStoreOptions<Size>,
): ImageStore<Size> {
  const db = connection.db;
  if (!db) throw new Error('createImageStore needs a connected MongoDB connection');
  const { uploadsBucket, variantsBucket, sizes } = options;
  const idKey = options.idKey ?? 'imageId';
  const filename = options.filename ?? defaultFilename;
  const uploads = new mongoose.mongo.GridFSBucket(db, { bucketName: uploadsBucket });
  const variants = new mongoose.mongo.GridFSBucket(db, { bucketName: variantsBucket });
  // The file document and its chunks at once (GridFS's own delete does one after the other); deleting what is
  // already gone is fine.
  const deleteUploads = async (ids: Types.ObjectId[]) => {
    if (ids.length === 0) return;
    await Promise.all([
      db.collection(`${uploadsBucket}.files`).deleteMany({ _id: { $in: ids } }),
      db.collection(`${uploadsBucket}.chunks`).deleteMany({ files_id: { $in: ids } }),
    ]);
  };
  const deleteUpload = (id: Types.ObjectId) => deleteUploads([id]);
  const deleteVariants = (id: Types.ObjectId) => deleteFilesWhere(variants, { [`metadata.${idKey}`]: id });

  return {
    async init() {
      // GridFS's own indexes are compound ({filename, uploadDate}, {files_id, n}); single-field ones let an
      // engine with equality-only indexes (the embedded one) answer these lookups without a scan too.
      await Promise.all([
        db.collection(`${variantsBucket}.files`).createIndex({ filename: 1 }),
        db.collection(`${variantsBucket}.files`).createIndex({ [`metadata.${idKey}`]: 1 }),
        db.collection(`${variantsBucket}.chunks`).createIndex({ files_id: 1 }),
        db.collection(`${uploadsBucket}.chunks`).createIndex({ files_id: 1 }),
      ]);
    },

    async saveUpload({ id, data, contentType, metadata }) {
      await writeFiles(db, uploadsBucket, [
        { id, filename: `${id.toHexString()}.upload`, data, metadata: { ...metadata, contentType } },
      ]);
    },

    async readUpload(id) {
      // The chunks alone, in order: one query instead of the download stream's two (file, then chunks).
      const chunks = await db
        .collection<{ files_id: Types.ObjectId; n: number; data: { buffer: Uint8Array } }>(
          `${uploadsBucket}.chunks`,
        )
        .find({ files_id: id }, { projection: { n: 1, data: 1 } })
        .toArray();
      if (chunks.length === 0) return null;
      chunks.sort((a, b) => a.n - b.n);
      return Buffer.concat(chunks.map((chunk) => chunk.data.buffer));
    },

    deleteUpload,
    deleteUploads,

    async listUploadsBefore(before, limit) {
      const files = await db
        .collection<{ _id: Types.ObjectId; uploadDate: Date }>(`${uploadsBucket}.files`)
        .find({ uploadDate: { $lt: before } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray();
      return files.map((file) => file._id);
    },

    async saveVariants({ id, variants: rendered, metadata, replace }) {
      if (replace) await deleteVariants(id);
      const files: StoredFile[] = [];
      for (const format of Object.keys(IMAGE_FORMATS) as ImageFormat[]) {
        const first = rendered[sizes[0]!][format];
        const same = sizes.length > 1 && sizes.every((size) => rendered[size][format] === first);
        const named: [Size | 'both', Size[]][] = same
          ? [['both', [...sizes]]]
          : sizes.map((size) => [size, [size]]);
        for (const [name, covered] of named) {
          files.push({
            id: new mongoose.Types.ObjectId(),
            filename: filename(id, name, format),
            data: rendered[covered[0]!][format],
            metadata: {
              ...metadata,
              [idKey]: id,
              sizes: covered,
              format,
              contentType: IMAGE_FORMATS[format].contentType,
            },
          });
        }
      }
      await writeFiles(db, variantsBucket, files);
    },

    async countVariants(id) {
      const files = await variants
        .find({ [`metadata.${idKey}`]: id }, { projection: { 'metadata.sizes': 1 } })
        .toArray();
      return files.reduce(
        (sum, file) => sum + ((file.metadata?.sizes as unknown[] | undefined)?.length ?? 1),
        0,
      );
    },

    async openVariant(id, size, format) {
      const names = [...new Set([filename(id, size, format), filename(id, 'both', format)])];
      const [file] = await variants
        .find({ filename: { $in: names } })
        .limit(1)
        .toArray();
      if (!file) return null;
      return {
        stream: variants.openDownloadStream(file._id),
        length: file.length,
        contentType: IMAGE_FORMATS[format].contentType,
      };
    },

    deleteVariants,

    async deleteImages(ids) {
      for (const id of ids) {
        await deleteUpload(id);
        await deleteVariants(id);
      }
    },

    async deleteWhere(metadata) {
      await deleteFilesWhere(uploads, byMetadata(metadata));
      await deleteFilesWhere(variants, byMetadata(metadata));
    },
  };
}
