import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { DocumentType } from './document.types';

@ObjectType('InvalidationWindow', { description: 'Plazo del MH para invalidar un documento procesado (el mismo que aplica invalidateDocument).' })
export class InvalidationWindowType {
  @Field({ description: 'Último día (AAAA-MM-DD, hora de El Salvador) en que se puede transmitir la invalidación, hasta las 23:59:59.' })
  lastDay!: string;

  @Field({ description: 'Primer instante fuera de plazo (medianoche local después de lastDay).' })
  endsAt!: Date;

  @Field({ description: 'three_months (FE, FEX, FSE), tenth_business_day (demás tipos, MF-2.0) o next_day (MF-1.2).' })
  rule!: string;

  @Field({ description: 'Todavía está dentro del plazo.' })
  open!: boolean;
}

@Resolver(() => DocumentType)
export class InvalidationWindowResolver {
  @FieldResolver(() => InvalidationWindowType, { nullable: true, description: 'Hasta cuándo se puede invalidar; null si el documento no está procesado (sin sello).' })
  invalidationWindow(@Root() doc: DocumentType, @Ctx() ctx: GraphQLContext): InvalidationWindowType | null {
    return ctx.services.getInvalidationWindow.execute({ type: doc.type, status: doc.status, processedAt: doc.processedAt });
  }
}
