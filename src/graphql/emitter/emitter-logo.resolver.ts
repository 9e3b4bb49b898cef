import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import { toEmitterView } from '../../services/emitters/emitter-view';
import { EmitterPayload } from './emitter.types';

@InputType('UploadEmitterLogoInput')
export class UploadEmitterLogoInput {
  @Field({ description: 'La imagen PNG o JPEG en base64, hasta 512 KB (REST: el archivo del campo logo).' })
  contentBase64!: string;
}

/** The issuer's logo uploaded to the service (ADR 0046): its `logoUrl` then points at `GET /v1/emitters/{id}/logo`. */
@Resolver()
export class EmitterLogoResolver {
  @Authorized('emitters:write')
  @Mutation(() => EmitterPayload, { description: 'Sube el logo del emisor (PNG o JPEG en base64, hasta 512 KB): el servicio lo guarda y lo sirve en logoUrl, y sus PDF lo llevan.' })
  async uploadEmitterLogo(@Arg('emitterId', () => ID) emitterId: string, @Arg('input', () => UploadEmitterLogoInput) input: UploadEmitterLogoInput, @Ctx() ctx: GraphQLContext): Promise<EmitterPayload> {
    return runMutation(async () => ({ emitter: toEmitterView((await ctx.services.uploadEmitterLogo.execute(ctx.actor!, emitterId, { content: input.contentBase64 })).emitter) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => EmitterPayload, { description: 'Quita el logo subido del emisor: sus PDF se generan sin él.' })
  async deleteEmitterLogo(@Arg('emitterId', () => ID) emitterId: string, @Ctx() ctx: GraphQLContext): Promise<EmitterPayload> {
    return runMutation(async () => ({ emitter: toEmitterView(await ctx.services.deleteEmitterLogo.execute(ctx.actor!, emitterId)) }));
  }
}
