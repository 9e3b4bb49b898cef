import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DocumentItem', { description: 'Una línea del documento tal como se emitió (del JSON firmado); los campos que el tipo no lleva son null.' })
export class DocumentItemType {
  @Field(() => Int, { description: 'numItem: número de la línea (1 la primera).' })
  number!: number;

  @Field(() => String, { nullable: true, description: 'tipoItem, CAT-011 (1 bien, 2 servicio…).' })
  type!: string | null;

  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Cantidad (decimal).' })
  quantity!: string | null;

  @Field(() => String, { nullable: true, description: 'uniMedida, CAT-014.' })
  unitCode!: string | null;

  @Field(() => String, { nullable: true, description: 'Precio unitario (FE: con IVA; CCF, NC, ND: sin IVA). Decimal de hasta 8 decimales.' })
  unitPrice!: string | null;

  @Field(() => String, { nullable: true })
  discount!: string | null;

  @Field(() => String, { nullable: true, description: 'Tipo de venta: gravada, exenta, no_sujeta o no_gravado; null si la línea no lleva monto de venta.' })
  tax!: string | null;

  @Field(() => String, { nullable: true, description: 'ventaNoSuj.' })
  nonSubjectAmount!: string | null;

  @Field(() => String, { nullable: true, description: 'ventaExenta.' })
  exemptAmount!: string | null;

  @Field(() => String, { nullable: true, description: 'ventaGravada.' })
  taxedAmount!: string | null;

  @Field(() => String, { nullable: true, description: 'noGravado.' })
  nonTaxedAmount!: string | null;

  @Field(() => String, { nullable: true, description: 'ivaItem (FE, CL).' })
  iva!: string | null;

  @Field(() => [String], { description: 'tributos, CAT-015.' })
  taxes!: string[];

  @Field({ description: 'Total de la línea: sus columnas de venta sumadas (FSE: compra; CD: valor; CR: monto sujeto).' })
  total!: string;

  @Field(() => String, { nullable: true, description: 'numeroDocumento: el documento relacionado.' })
  relatedDocument!: string | null;

  @Field(() => String, { nullable: true, description: 'CR y CL: tipo CAT-002 del documento relacionado.' })
  relatedDocumentType!: string | null;

  @Field(() => String, { nullable: true, description: 'CR y CL: fecha de emisión del documento relacionado.' })
  relatedDocumentIssuedOn!: string | null;

  @Field(() => String, { nullable: true, description: 'CR: codigoRetencionMH.' })
  withholdingCode!: string | null;

  @Field(() => String, { nullable: true, description: 'CR: ivaRetenido.' })
  withheld!: string | null;

  @Field(() => String, { nullable: true, description: 'CD: tipoDonacion.' })
  donationType!: string | null;

  @Field(() => String, { nullable: true, description: 'CD: tipoDepreciacion.' })
  depreciation!: string | null;
}

@ObjectType('DocumentPaymentMethod')
export class DocumentPaymentMethodType {
  @Field({ description: 'CAT-017.' })
  code!: string;

  @Field()
  amount!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: 'CAT-018.' })
  term!: string | null;

  @Field(() => Int, { nullable: true })
  period!: number | null;
}

@ObjectType('DocumentPayment', { description: 'Condición de la operación y formas de pago tal como se emitieron.' })
export class DocumentPaymentType {
  @Field(() => String, { nullable: true, description: 'condicionOperacion, CAT-016: 1 contado, 2 a crédito, 3 otro.' })
  condition!: string | null;

  @Field(() => [DocumentPaymentMethodType])
  methods!: DocumentPaymentMethodType[];
}
