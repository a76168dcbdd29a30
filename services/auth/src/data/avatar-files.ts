import mongoose, { type Connection, type Types } from 'mongoose';
import { LIMITS } from '@nomadswap/contracts/enums';
import { createImageStore, type ImageVariantFile } from '@nomadswap/service-kit/image-store';
import {
  IMAGE_FORMATS,
  type ImageFormat,
  type ImageVariants,
  type VariantSpec,
} from '@nomadswap/service-kit/image-variants';

/** Raw uploads as received (never served); deleted once processed. */
export const AVATAR_UPLOADS_BUCKET = 'avatar-uploads';
/** Processed avatars: one WebP and one JPEG variant per avatar id. */
export const AVATARS_BUCKET = 'avatars';

const QUALITY = Math.round(LIMITS.avatar.quality * 100);

/** One size, fitted inside 400×400 without enlarging. */
export const AVATAR_VARIANTS: VariantSpec<'avatar'> = {
  sizes: { avatar: { width: LIMITS.avatar.width, height: LIMITS.avatar.height } },
  webp: { quality: QUALITY },
  jpeg: { quality: QUALITY, mozjpeg: true },
};

export type AvatarVariants = ImageVariants<'avatar'>;

/** GridFS storage of avatars in the auth database. */
export interface AvatarFiles {
  /** Creates the indexes lookups rely on (idempotent). */
  init(): Promise<void>;
  /** Stores a checked upload of a user; answers its id. */
  saveUpload(props: { userId: Types.ObjectId; data: Buffer; contentType: string }): Promise<Types.ObjectId>;
  /** The raw bytes, or null when the upload is gone. */
  readUpload(uploadId: Types.ObjectId): Promise<Buffer | null>;
  deleteUpload(uploadId: Types.ObjectId): Promise<void>;
  saveVariants(props: {
    avatarId: Types.ObjectId;
    userId: Types.ObjectId;
    variants: AvatarVariants;
  }): Promise<void>;
  /** One processed variant, or null when the avatar does not exist. */
  openVariant(avatarId: Types.ObjectId, format: ImageFormat): Promise<ImageVariantFile | null>;
  deleteVariants(avatarId: Types.ObjectId): Promise<void>;
  /** Every upload and variant of a user (on account deletion). */
  deleteAllOfUser(userId: Types.ObjectId): Promise<void>;
}

/** The kit's image store, with the file names and metadata avatars have always had (`<avatarId>.webp`). */
export function createAvatarFiles(connection: Connection): AvatarFiles {
  const store = createImageStore(connection, {
    uploadsBucket: AVATAR_UPLOADS_BUCKET,
    variantsBucket: AVATARS_BUCKET,
    sizes: ['avatar'],
    idKey: 'avatarId',
    filename: (avatarId, _size, format) => `${avatarId.toHexString()}.${IMAGE_FORMATS[format].extension}`,
  });
  return {
    init: store.init,
    async saveUpload({ userId, data, contentType }) {
      const id = new mongoose.Types.ObjectId();
      await store.saveUpload({ id, data, contentType, metadata: { userId } });
      return id;
    },
    readUpload: store.readUpload,
    deleteUpload: store.deleteUpload,
    saveVariants: ({ avatarId, userId, variants }) =>
      store.saveVariants({ id: avatarId, variants, metadata: { userId }, replace: false }),
    openVariant: (avatarId, format) => store.openVariant(avatarId, 'avatar', format),
    deleteVariants: store.deleteVariants,
    deleteAllOfUser: (userId) => store.deleteWhere({ userId }),
  };
}
