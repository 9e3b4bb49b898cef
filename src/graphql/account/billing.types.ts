import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('OverageTier', { description: 'Tramo de excedente: los documentos del mes hasta upTo (inclusive; null = sin límite) cuestan unitPriceExclIva cada uno.' })
export class OverageTierType {
  @Field(() => Int, { nullable: true })
  upTo!: number | null;

  @Field({ description: 'USD sin IVA, decimal en texto.' })
  unitPriceExclIva!: string;
}

@ObjectType('Plan', { description: 'Un plan de la lista pública de precios (USD sin IVA, mensual).' })
export class PlanType {
  @Field(() => ID, { description: 'plan_<code>' })
  id!: string;

  @Field()
  code!: string;

  @Field()
  name!: string;

  @Field()
  currency!: string;

  @Field({ description: 'Precio mensual sin IVA, decimal en texto.' })
  priceExclIva!: string;

  @Field()
  interval!: string;

  @Field(() => Int)
  includedDocuments!: number;

  @Field(() => [OverageTierType])
  overage!: OverageTierType[];

  @Field(() => [String])
  features!: string[];
}

@ObjectType('UsageByType')
export class UsageByTypeType {
  @Field({ description: 'Tipo de DTE (CAT-002).' })
  type!: string;

  @Field(() => Int)
  processed!: number;
}

@ObjectType('UsageByEmitter')
export class UsageByEmitterType {
  @Field(() => ID)
  emitterId!: string;

  @Field(() => [UsageByTypeType])
  byType!: UsageByTypeType[];
}

@ObjectType('Usage', { description: 'Consumo de un mes (hora de El Salvador) en el ambiente de la credencial: documentos que llegaron a processed, frente al plan.' })
export class UsageType {
  @Field({ description: 'AAAA-MM' })
  period!: string;

  @Field({ description: '"00" se informa y nunca se cobra; "01" se factura.' })
  environment!: string;

  @Field()
  planCode!: string;

  @Field(() => Int)
  included!: number;

  @Field(() => Int)
  used!: number;

  @Field(() => Int)
  remaining!: number;

  @Field(() => Int)
  overageDocuments!: number;

  @Field({ description: 'USD sin IVA; "0.00" en el ambiente de pruebas.' })
  overageAmountExclIva!: string;

  @Field(() => [UsageByEmitterType])
  byEmitter!: UsageByEmitterType[];

  @Field()
  dataRefreshedAt!: Date;
}
