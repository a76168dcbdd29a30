import type { Readable } from 'node:stream';
import mongoose, { type Connection, type Types } from 'mongoose';

/** Raw uploads as received (never served); deleted once processed. */
export const AVATAR_UPLOADS_BUCKET = 'avatar-uploads';
/** Processed avatars: one WebP and one JPEG variant per avatar id. */
export const AVATARS_BUCKET = 'avatars';

export const AVATAR_FORMATS = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const;
export type AvatarFormat = keyof typeof AVATAR_FORMATS;

export interface AvatarVariantFile {
  stream: Readable;
  length: number;
  contentType: string;
}

/** GridFS storage of avatars in the auth database. */
export interface AvatarFiles {
  saveUpload(props: { userId: Types.ObjectId; data: Buffer; contentType: string }): Promise<Types.ObjectId>;
  /** The raw bytes, or null when the upload is gone. */
  readUpload(uploadId: Types.ObjectId): Promise<Buffer | null>;
  deleteUpload(uploadId: Types.ObjectId): Promise<void>;
  saveVariants(props: {
    avatarId: Types.ObjectId;
    userId: Types.ObjectId;
    variants: Record<AvatarFormat, Buffer>;
  }): Promise<void>;
  /** One processed variant, or null when the avatar does not exist. */
  openVariant(avatarId: Types.ObjectId, format: AvatarFormat): Promise<AvatarVariantFile | null>;
  deleteVariants(avatarId: Types.ObjectId): Promise<void>;
  /** Every upload and variant of a user (on account deletion). */
  deleteAllOfUser(userId: Types.ObjectId): Promise<void>;
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

async function deleteWhere(bucket: Bucket, filter: Record<string, unknown>): Promise<void> {
  const files = await bucket.find(filter, { projection: { _id: 1 } }).toArray();
  for (const file of files) {
    await bucket.delete(file._id).catch((error: unknown) => {
      // Already gone (a concurrent delete) is the outcome we wanted.
      if (!(error instanceof mongoose.mongo.MongoRuntimeError && /File not found/i.test(error.message))) {
        throw error;
      }
    });
  }
}

const variantFilename = (avatarId: Types.ObjectId, format: AvatarFormat) =>
  `${avatarId.toHexString()}.${AVATAR_FORMATS[format].extension}`;

export function createAvatarFiles(connection: Connection): AvatarFiles {
  const db = connection.db;
  if (!db) throw new Error('createAvatarFiles needs a connected MongoDB connection');
  const uploads = new mongoose.mongo.GridFSBucket(db, { bucketName: AVATAR_UPLOADS_BUCKET });
  const avatars = new mongoose.mongo.GridFSBucket(db, { bucketName: AVATARS_BUCKET });

  return {
    async saveUpload({ userId, data, contentType }) {
      const id = new mongoose.Types.ObjectId();
      await write(uploads, {
        id,
        filename: `${id.toHexString()}.upload`,
        data,
        metadata: { userId, contentType },
      });
      return id;
    },

    async readUpload(uploadId) {
      const [file] = await uploads.find({ _id: uploadId }).limit(1).toArray();
      if (!file) return null;
      return readAll(uploads.openDownloadStream(uploadId));
    },

    deleteUpload: (uploadId) => deleteWhere(uploads, { _id: uploadId }),

    async saveVariants({ avatarId, userId, variants }) {
      for (const format of Object.keys(AVATAR_FORMATS) as AvatarFormat[]) {
        await write(avatars, {
          id: new mongoose.Types.ObjectId(),
          filename: variantFilename(avatarId, format),
          data: variants[format],
          metadata: { avatarId, userId, format, contentType: AVATAR_FORMATS[format].contentType },
        });
      }
    },

    async openVariant(avatarId, format) {
      const [file] = await avatars
        .find({ filename: variantFilename(avatarId, format) })
        .limit(1)
        .toArray();
      if (!file) return null;
      return {
        stream: avatars.openDownloadStream(file._id),
        length: file.length,
        contentType: AVATAR_FORMATS[format].contentType,
      };
    },

    deleteVariants: (avatarId) => deleteWhere(avatars, { 'metadata.avatarId': avatarId }),

    async deleteAllOfUser(userId) {
      await deleteWhere(uploads, { 'metadata.userId': userId });
      await deleteWhere(avatars, { 'metadata.userId': userId });
    },
  };
}
