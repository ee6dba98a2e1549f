import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../context';
import { PixChargeType } from '../types/transaction.types';

/** Fields of a PIX charge computed on demand: the inline image costs a render, so only those who ask pay it. */
@Resolver(() => PixChargeType)
export class PixChargeResolver {
  @FieldResolver(() => String, {
    description: 'the QR image as a PNG data URI (4 px per module), rendered when asked for; prefer qrCode (a cacheable URL) in pages',
  })
  qrCodeDataUri(@Root() pix: PixChargeType, @Ctx() ctx: GqlContext): Promise<string> {
    return ctx.services.qrImages.pngDataUri(pix.copyPaste);
  }
}
