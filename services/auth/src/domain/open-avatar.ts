import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { ImageVariantFile } from '@nomadswap/service-kit/image-store';
import type { ImageFormat } from '@nomadswap/service-kit/image-variants';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';

/** A processed avatar in the format asked for; raw uploads live in another bucket and are never served. */
export async function openAvatar(
  ctx: Pick<AuthContext, 'avatarFiles'>,
  props: { avatarId: string; format: ImageFormat },
): Promise<ImageVariantFile> {
  const file = await ctx.avatarFiles.openVariant(toId(props.avatarId), props.format);
  if (!file) throw new NotFoundError();
  return file;
}
