import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';
import { AddressInput } from '../emitter/emitter.types';
import { AssociatedDocumentInput, ExportInput, SettledDocumentInput, SettlementInput, WithholdingLineInput } from './document-other-types.inputs';

@InputType('DocumentReceiverInput')
export class DocumentReceiverInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.' }) documentType?: string | null;
  @Field(() => String, { nullable: true }) documentNumber?: string | null;
  @Field(() => String, { nullable: true }) nrc?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-019' }) economicActivity?: string | null;
  @Field(() => String, { nullable: true }) tradeName?: string | null;
  @Field(() => AddressInput, { nullable: true }) address?: AddressInput | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-020' }) country?: string | null;
  @Field(() => String, { nullable: true, description: 'FEX: CAT-029 (1 natural, 2 jurídica).' }) personType?: string | null;
  @Field(() => String, { nullable: true, description: 'CL y CD: CAT-032 (1 domiciliado, 2 no domiciliado).' }) fiscalDomicile?: string | null;
  @Field(() => String, { nullable: true, description: 'DCL: CAT-009.' }) establishmentType?: string | null;
  @Field(() => String, { nullable: true, description: 'FEX: actividad del receptor en texto.' }) activityDescription?: string | null;
  @Field(() => String, { nullable: true, description: 'FEX: dirección del receptor en el exterior.' }) foreignAddress?: string | null;
}

@InputType('DocumentItemInput')
export class DocumentItemInput {
  @Field(() => String, { nullable: true, description: 'CAT-011: 1 bienes, 2 servicios, 3 ambos, 4 otros tributos (todos los tipos salvo CD).' }) type?: string | null;
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field(() => String, { nullable: true, description: 'Obligatorio sin productId.' }) description?: string | null;
  @Field({ description: 'Decimal en texto.' }) quantity!: string;
  @Field(() => String, { nullable: true, description: 'CAT-014. Obligatorio sin productId.' }) unitCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Decimal en texto. FE: incluye IVA; CCF/NC/ND: sin IVA. Obligatorio sin productId.' }) unitPrice?: string | null;
  @Field(() => String, { nullable: true }) discount?: string | null;
  @Field(() => String, { nullable: true, description: 'gravada, exenta, no_sujeta o no_gravado (no en FSE ni CD).' }) tax?: string | null;
  @Field(() => [String], { nullable: true, description: 'Tributos adicionales (CAT-015).' }) taxes?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Código de generación (o número en papel) del documento relacionado que la línea ajusta (NC/ND).' }) relatedDocument?: string | null;
  @Field(() => String, { nullable: true, description: 'CD: CAT-026 (1 efectivo, 2 bien, 3 servicio).' }) donationType?: string | null;
  @Field(() => String, { nullable: true, description: 'CD: depreciación de un bien usado.' }) depreciation?: string | null;
  @Field(() => ID, { nullable: true, description: 'Un producto del directorio del emisor: sus campos llenan los que la línea no da (quantity siempre va).' }) productId?: string | null;
}

@InputType('GlobalDiscountInput')
export class GlobalDiscountInput {
  @Field(() => String, { nullable: true }) gravada?: string | null;
  @Field(() => String, { nullable: true }) exenta?: string | null;
  @Field(() => String, { nullable: true }) noSujeta?: string | null;
  @Field(() => String, { nullable: true, description: 'FSE: descuento global al total de compras.' }) total?: string | null;
}

@InputType('WithholdingInput')
export class WithholdingInput {
  @Field(() => Boolean, { nullable: true, description: 'Retención de IVA 1 %.' }) iva1?: boolean | null;
  @Field(() => String, { nullable: true, description: 'No admitido en FE/CCF/NC/ND 2026 (el esquema no tiene reteRenta).' }) renta?: string | null;
}

@InputType('PaymentMethodInput')
export class PaymentMethodInput {
  @Field({ description: 'CAT-017' }) code!: string;
  @Field() amount!: string;
  @Field(() => String, { nullable: true }) reference?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-018' }) term?: string | null;
  @Field(() => Int, { nullable: true }) period?: number | null;
}

@InputType('PaymentInput')
export class PaymentInput {
  @Field(() => String, { nullable: true, description: 'CAT-016 (no en CD).' }) condition?: string | null;
  @Field(() => [PaymentMethodInput], { nullable: true }) methods?: PaymentMethodInput[] | null;
}

@InputType('RelatedDocumentInput')
export class RelatedDocumentInput {
  @Field({ description: 'CAT-002' }) type!: string;
  @Field({ description: 'Código de generación del documento electrónico (UUID: tipoGeneracion 2) o número del documento en papel (1 a 36 caracteres: tipoGeneracion 1).' }) generationCode!: string;
  @Field({ description: 'yyyy-MM-dd' }) issuedOn!: string;
}

@InputType('AppendixInput')
export class AppendixInput {
  @Field() field!: string;
  @Field() label!: string;
  @Field() value!: string;
}

@InputType('DocumentCreateInput', { description: 'El cuerpo de emisión; los mismos campos que REST en camelCase.' })
export class DocumentCreateInput {
  @Field(() => ID) emitterId!: string;
  @Field({ description: 'CAT-002: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15.' }) type!: string;
  @Field({ description: 'Código MH del establecimiento (M001).' }) establishment!: string;
  @Field({ description: 'Código MH del punto de venta (P001).' }) pointOfSale!: string;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 con zona; predeterminado: ahora (holgura de 30 minutos).' }) issuedAt?: string | null;
  @Field(() => DocumentReceiverInput, { nullable: true }) receiver?: DocumentReceiverInput | null;
  @Field(() => ID, { nullable: true, description: 'Un cliente del directorio del emisor en lugar de receiver (no ambos); el documento guarda el receptor tal como se emitió.' }) customerId?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Con receiver (nombre y documento): crea o actualiza el cliente del emisor con ese número de documento.' }) saveCustomer?: boolean | null;
  @Field(() => [DocumentItemInput], { nullable: true }) items?: DocumentItemInput[] | null;
  @Field(() => GlobalDiscountInput, { nullable: true }) globalDiscount?: GlobalDiscountInput | null;
  @Field(() => WithholdingInput, { nullable: true }) withholding?: WithholdingInput | null;
  @Field(() => Boolean, { nullable: true }) perception?: boolean | null;
  @Field(() => PaymentInput, { nullable: true }) payment?: PaymentInput | null;
  @Field(() => [RelatedDocumentInput], { nullable: true }) relatedDocuments?: RelatedDocumentInput[] | null;
  @Field(() => String, { nullable: true, description: 'NR: CAT-025, título a que se remiten los bienes.' }) goodsTitle?: string | null;
  @Field(() => [WithholdingLineInput], { nullable: true, description: 'CR: las líneas de retención.' }) withholdings?: WithholdingLineInput[] | null;
  @Field(() => [SettledDocumentInput], { nullable: true, description: 'CL: los documentos liquidados.' }) settledDocuments?: SettledDocumentInput[] | null;
  @Field(() => SettlementInput, { nullable: true, description: 'DCL: la liquidación.' }) settlement?: SettlementInput | null;
  @Field(() => ExportInput, { nullable: true, description: 'FEX: datos de la exportación.' }) export?: ExportInput | null;
  @Field(() => [AssociatedDocumentInput], { nullable: true, description: 'FEX y CD: otros documentos asociados.' }) associatedDocuments?: AssociatedDocumentInput[] | null;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => [AppendixInput], { nullable: true }) appendix?: AppendixInput[] | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Avanzado: JSON del MH ya armado (sin firma).' }) raw?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) sendEmail?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Solo con sesión de panel; con llave de API lo decide la llave.' }) environment?: string | null;
}

@InputType('PersonInput')
export class PersonInput {
  @Field() name!: string;
  @Field({ description: 'CAT-022' }) documentType!: string;
  @Field() documentNumber!: string;
}

@InputType('InvalidateDocumentInput')
export class InvalidateDocumentInput {
  @Field({ description: '"1" error en la información, "2" rescindir la operación, "3" otro (CAT-024).' }) reasonType!: string;
  @Field(() => String, { nullable: true, description: 'Obligatorio para el tipo 3.' }) reason?: string | null;
  @Field(() => ID, { nullable: true, description: 'Tipos 1 y 3: el documento que reemplaza al invalidado, ya procesado (no para NC).' }) replacementDocumentId?: string | null;
  @Field(() => PersonInput, { description: 'Quien realiza la invalidación.' }) responsible!: PersonInput;
  @Field(() => PersonInput, { description: 'Quien la solicita.' }) requester!: PersonInput;
}

@InputType('DocumentFilter')
export class DocumentFilterInput {
  @Field(() => ID, { nullable: true }) emitterId?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-002 del documento: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15; otro valor es un error INVALID_REQUEST.' }) type?: string | null;
  @Field(() => String, { nullable: true, description: 'signed, processed, rejected, contingency, voided…' }) status?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd (fecha de emisión, El Salvador)' }) issuedFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd' }) issuedTo?: string | null;
  @Field(() => String, { nullable: true, description: 'Solo el ambiente de la llave es visible.' }) environment?: string | null;
  @Field(() => String, { nullable: true, description: 'Hasta 100 caracteres: número de control, código de generación o sello (con o sin guiones), nombre o documento del receptor (sin distinguir mayúsculas ni tildes; NIT o DUI con o sin guiones).' }) q?: string | null;
}

@InputType('SendDocumentInput')
export class SendDocumentInput {
  @Field(() => [String], { nullable: true, description: 'Destinatarios (1 a 10 direcciones); sin él, el correo del receptor del documento.' }) to?: string[] | null;
}
