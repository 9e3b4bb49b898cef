import { Arg, Authorized, Ctx, Field, Int, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../common/context';

@ObjectType('Viewer', { description: 'La llave de API con la que se llama.' })
export class ViewerType {
  @Field()
  accountId!: string;

  @Field({ description: '"00" pruebas, "01" producción; lo decide la llave.' })
  environment!: string;

  @Field(() => [String])
  scopes!: string[];
}

@ObjectType('Heartbeat')
export class HeartbeatType {
  @Field()
  at!: Date;

  @Field(() => Int)
  sequence!: number;
}

async function* heartbeats(intervalMs: number): AsyncGenerator<HeartbeatType> {
  let sequence = 0;
  for (;;) {
    yield { at: new Date(), sequence: sequence++ };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

@Resolver()
export class SystemResolver {
  @Authorized()
  @Query(() => ViewerType)
  viewer(@Ctx() ctx: GraphQLContext): ViewerType {
    const a = ctx.actor!;
    return { accountId: a.accountId, environment: a.environment, scopes: [...a.scopes] };
  }

  @Authorized()
  @Subscription(() => HeartbeatType, {
    description: 'Latido periódico para comprobar la conexión de suscripciones.',
    subscribe: ({ args }) => heartbeats(Math.min(Math.max(Number(args.intervalMs ?? 10_000), 100), 60_000)),
  })
  heartbeat(@Root() beat: HeartbeatType, @Arg('intervalMs', () => Int, { nullable: true, defaultValue: 10000 }) _intervalMs: number): HeartbeatType {
    return beat;
  }
}
