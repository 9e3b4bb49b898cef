import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import { CredentialStatusType } from '../emitter/emitter.types';
import { payloadOf } from '../common/generic.types';

@InputType('UploadCredentialsInput')
export class UploadCredentialsInput {
  @Field({ description: '"00" pruebas o "01" producción.' }) environment!: string;
  @Field(() => String, { nullable: true, description: 'El archivo del certificado en base64: XML del MH (<CertificadoMH>) o PKCS#12 (.p12/.pfx). Va siempre con privateKeyPassword; omitido se conserva el guardado.' })
  certificateBase64?: string | null;
  @Field(() => String, { nullable: true, description: 'Contraseña de la llave privada del certificado (solo junto con certificateBase64).' }) privateKeyPassword?: string | null;
  @Field(() => String, { nullable: true, description: 'Usuario de la API del MH (NIT del emisor); omitido se conserva el guardado.' }) mhUser?: string | null;
  @Field(() => String, { nullable: true, description: 'Contraseña de la API del MH; omitida se conserva la guardada.' }) mhPassword?: string | null;
}

@ObjectType('CredentialPayload')
export class CredentialPayload extends payloadOf('credential', () => CredentialStatusType) {}

@Resolver()
export class CredentialResolver {
  @Authorized('emitters:write')
  @Mutation(() => CredentialPayload, {
    description:
      'Guarda (cifrados) el certificado y las credenciales del MH de un ambiente y prueba el inicio de sesión. La primera carga requiere todo; después basta lo que cambia (el certificado con su contraseña, o la contraseña y el usuario del MH) y se conserva el resto.',
  })
  async uploadCredentials(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('input', () => UploadCredentialsInput) input: UploadCredentialsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CredentialPayload> {
    return runMutation(async () => ({
      credential: await ctx.services.uploadCredentials.execute(ctx.actor!, emitterId, {
        environment: input.environment,
        certificate: input.certificateBase64 == null ? null : /^[A-Za-z0-9+/=\s]*$/.test(input.certificateBase64) ? Buffer.from(input.certificateBase64, 'base64') : Buffer.from(input.certificateBase64, 'utf8'),
        privateKeyPassword: input.privateKeyPassword,
        mhUser: input.mhUser,
        mhPassword: input.mhPassword,
      }),
    }));
  }

  @Authorized('emitters:write')
  @Mutation(() => CredentialPayload, { description: 'Prueba el inicio de sesión en el MH con las credenciales guardadas.' })
  async testCredentials(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('environment') environment: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CredentialPayload> {
    return runMutation(async () => ({ credential: await ctx.services.testCredentials.execute(ctx.actor!, emitterId, environment) }));
  }
}
