import { Arg, Args, Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/domain-error';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { connectionOf } from '../common/generic.types';
import { PageArgs } from '../emitter/emitter.resolver';

@ObjectType('ContingencyLote')
export class ContingencyLoteType {
  @Field() code!: string;
  @Field(() => Int) documents!: number;
  @Field() status!: string;
  @Field() sentAt!: string;
}

@ObjectType('Contingency', { description: 'Un periodo sin respuesta del MH y su recuperación (evento de contingencia y lotes) con los plazos del MH.' })
export class ContingencyType {
  @Field(() => ID) id!: string;
  @Field(() => ID) emitterId!: string;
  @Field() environment!: string;
  @Field({ description: 'open (MH sin respuesta), recovering (evento y lotes en curso), completed, failed.' }) status!: string;
  @Field(() => Int, { description: 'CAT-005' }) contingencyType!: number;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field() startedAt!: Date;
  @Field(() => Date, { nullable: true }) endedAt!: Date | null;
  @Field(() => Int) documentsHeld!: number;
  @Field(() => String, { nullable: true }) eventGenerationCode!: string | null;
  @Field(() => String, { nullable: true }) eventStatus!: string | null;
  @Field(() => String, { nullable: true }) eventSeal!: string | null;
  @Field(() => Date, { nullable: true }) eventSealedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Plazo del MH para el evento: 24 h después del fin de la contingencia.' }) eventDeadline!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Plazo del MH para los documentos: 72 h desde el sello del evento.' }) lotesDeadline!: Date | null;
  @Field(() => [ContingencyLoteType]) lotes!: ContingencyLoteType[];
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) nextCheckAt!: Date | null;
}

@ObjectType('ContingencyConnection')
export class ContingencyConnection extends connectionOf('Contingency', ContingencyType) {}

@Resolver(() => ContingencyType)
export class ContingencyResolver {
  @Authorized('documents:read')
  @Query(() => ContingencyConnection, { description: 'Contingencias abiertas, en recuperación o fallidas (o del estado pedido) del ambiente de la llave.', complexity: connectionComplexity })
  async contingencies(
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ContingencyConnection> {
    try {
      return toConnection(await ctx.services.listContingencies.execute(ctx.actor!, status, pageRequest(first, after)), (v) => v, (n) => n.id);
    } catch (err) {
      if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
      throw err;
    }
  }
}
