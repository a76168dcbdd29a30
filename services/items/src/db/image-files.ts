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
  /** Writes the four variants of an image, replacing any left by an interrupted earlier attempt. */
  saveVariants(props: {
    imageId: Types.ObjectId;
    itemId: Types.ObjectId;
    userId: Types.ObjectId;
    variants: ImageVariants;
  }): Promise<void>;
  /** How many variant files an image has (4 once processed). */
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

function write(
  bucket: Bucket,
  props: { id: Types.ObjectId; filename: string; data: Buffer; metadata: Record<string, unknown> },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = bucket.openUploadStreamWithId(props.id, props.filename, { metadata: props.metadata });
    upload.once('error', reject);
    upload.once('finish', () => resolve());
    upload.end(props.data);
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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

export const variantFilename = (imageId: Types.ObjectId, size: ImageSize, format: ImageFormat) =>
  `${imageId.toHexString()}/${size}.${IMAGE_FORMATS[format].extension}`;

export function createImageFiles(connection: Connection): ImageFiles {
  const db = connection.db;
  if (!db) throw new Error('createImageFiles needs a connected MongoDB connection');
  const uploads = new mongoose.mongo.GridFSBucket(db, { bucketName: UPLOADS_BUCKET });
  const images = new mongoose.mongo.GridFSBucket(db, { bucketName: IMAGES_BUCKET });
  const deleteUpload = async (imageId: Types.ObjectId) => {
    await uploads.delete(imageId).catch((error: unknown) => {
      if (!isFileNotFound(error)) throw error;
    });
  };

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
      await write(uploads, {
        id: imageId,
        filename: `${imageId.toHexString()}.upload`,
        data,
        metadata: { itemId, userId, contentType },
      });
    },

    async readUpload(imageId) {
      try {
        return await readAll(uploads.openDownloadStream(imageId));
      } catch (error) {
        if (isFileNotFound(error)) return null;
        throw error;
      }
    },

    deleteUpload,

    async saveVariants({ imageId, itemId, userId, variants }) {
      await deleteWhere(images, { 'metadata.imageId': imageId });
      const writes: Promise<void>[] = [];
      for (const size of IMAGE_SIZE_NAMES) {
        for (const format of Object.keys(IMAGE_FORMATS) as ImageFormat[]) {
          writes.push(
            write(images, {
              id: new mongoose.Types.ObjectId(),
              filename: variantFilename(imageId, size, format),
              data: variants[size][format],
              metadata: { imageId, itemId, userId, size, format },
            }),
          );
        }
      }
      await Promise.all(writes);
    },

    countVariants: (imageId) =>
      db.collection(`${IMAGES_BUCKET}.files`).countDocuments({ 'metadata.imageId': imageId }),

    async openVariant(imageId, size, format) {
      const [file] = await images
        .find({ filename: variantFilename(imageId, size, format) })
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
