import type { Readable } from 'node:stream';
import mongoose, { type Connection, type Types } from 'mongoose';

/** Raw uploads as received (never served); deleted once processed. File id = image id. */
export const UPLOADS_BUCKET = 'item-uploads';
/** Processed variants, the only image bytes ever served: thumb and full, each as WebP and JPEG. */
export const IMAGES_BUCKET = 'images';

export const IMAGE_FORMATS = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

export const IMAGE_SIZE_NAMES = ['thumb', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZE_NAMES)[number];

export type ImageVariants = Record<ImageSize, Record<ImageFormat, Buffer>>;

export interface ImageVariantFile {
  stream: Readable;
  length: number;
  contentType: string;
}

/** GridFS storage of item photos in the items database. */
export interface ImageFiles {
  /** Creates the indexes lookups rely on (idempotent). */
  init(): Promise<void>;
  saveUpload(props: {
    imageId: Types.ObjectId;
    itemId: Types.ObjectId;
    userId: Types.ObjectId;
    data: Buffer;
    contentType: string;
  }): Promise<void>;
  /** The raw bytes, or null when the upload is gone. */
  readUpload(imageId: Types.ObjectId): Promise<Buffer | null>;
  deleteUpload(imageId: Types.ObjectId): Promise<void>;
  /** Several uploads in two commands (the worker batches the uploads it has processed). */
  deleteUploads(imageIds: Types.ObjectId[]): Promise<void>;
  /** Ids of the raw uploads stored before `before` (the sweeper looks for uploads nobody needs any more). */
  listUploadsBefore(before: Date, limit: number): Promise<Types.ObjectId[]>;
  /**
   * Writes the variants of an image (one file for a size and format, or one for both sizes of a format when
   * they are the very same bytes). `replace` first removes whatever an interrupted earlier attempt left.
   */
  saveVariants(props: {
    imageId: Types.ObjectId;
    itemId: Types.ObjectId;
    variants: ImageVariants;
    replace: boolean;
  }): Promise<void>;
  /** How many (size, format) variants of an image can be served (4 once processed). */
  countVariants(imageId: Types.ObjectId): Promise<number>;
  openVariant(
    imageId: Types.ObjectId,
    size: ImageSize,
    format: ImageFormat,
  ): Promise<ImageVariantFile | null>;
  deleteVariants(imageId: Types.ObjectId): Promise<void>;
  /** The upload and the variants of each image. */
  deleteImages(imageIds: Types.ObjectId[]): Promise<void>;
}

type Bucket = InstanceType<typeof mongoose.mongo.GridFSBucket>;

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
async function writeFiles(db: NonNullable<Connection['db']>, bucketName: string, files: StoredFile[]) {
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

async function deleteWhere(bucket: Bucket, filter: Record<string, unknown>): Promise<void> {
  const files = await bucket.find(filter, { projection: { _id: 1 } }).toArray();
  for (const file of files) {
    await bucket.delete(file._id).catch((error: unknown) => {
      // Already gone (a concurrent delete) is the outcome we wanted.
      if (!isFileNotFound(error)) throw error;
    });
  }
}

export const variantFilename = (imageId: Types.ObjectId, size: ImageSize | 'both', format: ImageFormat) =>
  `${imageId.toHexString()}/${size}.${IMAGE_FORMATS[format].extension}`;

export function createImageFiles(connection: Connection): ImageFiles {
  const db = connection.db;
  if (!db) throw new Error('createImageFiles needs a connected MongoDB connection');
  const images = new mongoose.mongo.GridFSBucket(db, { bucketName: IMAGES_BUCKET });
  // The file document and its chunks at once (GridFS's own delete does one after the other); deleting what is
  // already gone is fine.
  const deleteUploads = async (imageIds: Types.ObjectId[]) => {
    if (imageIds.length === 0) return;
    await Promise.all([
      db.collection(`${UPLOADS_BUCKET}.files`).deleteMany({ _id: { $in: imageIds } }),
      db.collection(`${UPLOADS_BUCKET}.chunks`).deleteMany({ files_id: { $in: imageIds } }),
    ]);
  };
  const deleteUpload = (imageId: Types.ObjectId) => deleteUploads([imageId]);

  return {
    async init() {
      // GridFS's own indexes are compound ({filename, uploadDate}, {files_id, n}); single-field ones let an
      // engine with equality-only indexes (the embedded one) answer these lookups without a scan too.
      await Promise.all([
        db.collection(`${IMAGES_BUCKET}.files`).createIndex({ filename: 1 }),
        db.collection(`${IMAGES_BUCKET}.files`).createIndex({ 'metadata.imageId': 1 }),
        db.collection(`${IMAGES_BUCKET}.chunks`).createIndex({ files_id: 1 }),
        db.collection(`${UPLOADS_BUCKET}.chunks`).createIndex({ files_id: 1 }),
      ]);
    },

    async saveUpload({ imageId, itemId, userId, data, contentType }) {
      await writeFiles(db, UPLOADS_BUCKET, [
        {
          id: imageId,
          filename: `${imageId.toHexString()}.upload`,
          data,
          metadata: { itemId, userId, contentType },
        },
      ]);
    },

    async readUpload(imageId) {
      // The chunks alone, in order: one query instead of the download stream's two (file, then chunks).
      const chunks = await db
        .collection<{ files_id: Types.ObjectId; n: number; data: { buffer: Uint8Array } }>(
          `${UPLOADS_BUCKET}.chunks`,
        )
        .find({ files_id: imageId }, { projection: { n: 1, data: 1 } })
        .toArray();
      if (chunks.length === 0) return null;
      chunks.sort((a, b) => a.n - b.n);
      return Buffer.concat(chunks.map((chunk) => chunk.data.buffer));
    },

    deleteUpload,
    deleteUploads,

    async listUploadsBefore(before, limit) {
      const files = await db
        .collection<{ _id: Types.ObjectId; uploadDate: Date }>(`${UPLOADS_BUCKET}.files`)
        .find({ uploadDate: { $lt: before } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray();
      return files.map((file) => file._id);
    },

    async saveVariants({ imageId, itemId, variants, replace }) {
      if (replace) await deleteWhere(images, { 'metadata.imageId': imageId });
      const files: StoredFile[] = [];
      for (const format of Object.keys(IMAGE_FORMATS) as ImageFormat[]) {
        const same = variants.thumb[format] === variants.full[format];
        const named: [ImageSize | 'both', ImageSize[]][] = same
          ? [['both', ['thumb', 'full']]]
          : IMAGE_SIZE_NAMES.map((size) => [size, [size]]);
        for (const [name, sizes] of named) {
          files.push({
            id: new mongoose.Types.ObjectId(),
            filename: variantFilename(imageId, name, format),
            data: variants[sizes[0]!][format],
            metadata: { imageId, itemId, sizes, format },
          });
        }
      }
      await writeFiles(db, IMAGES_BUCKET, files);
    },

    async countVariants(imageId) {
      const files = await images
        .find({ 'metadata.imageId': imageId }, { projection: { 'metadata.sizes': 1 } })
        .toArray();
      return files.reduce(
        (sum, file) => sum + ((file.metadata?.sizes as unknown[] | undefined)?.length ?? 0),
        0,
      );
    },

    async openVariant(imageId, size, format) {
      const [file] = await images
        .find({
          filename: {
            $in: [variantFilename(imageId, size, format), variantFilename(imageId, 'both', format)],
          },
        })
        .limit(1)
        .toArray();
      if (!file) return null;
      return {
        stream: images.openDownloadStream(file._id),
        length: file.length,
        contentType: IMAGE_FORMATS[format].contentType,
      };
    },

    deleteVariants: (imageId) => deleteWhere(images, { 'metadata.imageId': imageId }),

    async deleteImages(imageIds) {
      for (const imageId of imageIds) {
        await deleteUpload(imageId);
        await deleteWhere(images, { 'metadata.imageId': imageId });
      }
    },
  };
}
