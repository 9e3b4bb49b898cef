/**
 * Input types of the issuance body's fields for NR, CR, CL, DCL, FEX, FSE and CD (the same fields
 * as the REST body, camelCase; parsed by the one zod schema of the DTE engine).
 */
import { Field, InputType, Int } from 'type-graphql';

@InputType('LineDocumentInput', { description: 'Documento de una línea de CR o CL: código de generación (electrónico) o número (papel).' })
export class LineDocumentInput {
  @Field({ description: 'CAT-002' }) type!: string;
  @Field({ description: 'Código de generación (UUID) o número del documento físico.' }) generationCode!: string;
  @Field({ description: 'yyyy-MM-dd' }) issuedOn!: string;
}

@InputType('WithholdingLineInput', { description: 'CR (07): una línea por documento sobre el que se retuvo IVA.' })
export class WithholdingLineInput {
  @Field(() => LineDocumentInput) relatedDocument!: LineDocumentInput;
  @Field({ description: 'Monto sujeto a retención (2 decimales).' }) taxableAmount!: string;
  @Field({ description: 'CAT-006: 22 (1 %), C4 (13 %), C9 (otros, con withheldAmount).' }) code!: string;
  @Field(() => String, { nullable: true, description: 'Solo código C9: el IVA retenido.' }) withheldAmount?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
}

@InputType('SettledDocumentInput', { description: 'CL (08): un documento liquidado, con sus ventas netas por tipo (negativas si fue invalidado).' })
export class SettledDocumentInput {
  @Field(() => LineDocumentInput) relatedDocument!: LineDocumentInput;
  @Field(() => String, { nullable: true }) noSujeta?: string | null;
  @Field(() => String, { nullable: true }) exenta?: string | null;
  @Field(() => String, { nullable: true }) gravada?: string | null;
  @Field(() => String, { nullable: true, description: 'Solo para una factura de exportación (11).' }) exports?: string | null;
  @Field(() => String, { nullable: true, description: 'IVA percibido en el documento.' }) perception?: string | null;
  @Field(() => String, { nullable: true }) notes?: string | null;
}

@InputType('SettlementResponsibleInput')
export class SettlementResponsibleInput {
  @Field() name!: string;
  @Field() documentNumber!: string;
  @Field(() => String, { nullable: true }) employeeCode?: string | null;
}

@InputType('SettlementInput', { description: 'DCL (09): la liquidación de un período con el comercio afiliado.' })
export class SettlementInput {
  @Field({ description: 'yyyy-MM-dd' }) periodStart!: string;
  @Field({ description: 'yyyy-MM-dd' }) periodEnd!: string;
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field(() => Int, { nullable: true }) documentCount?: number | null;
  @Field({ description: 'Valor bruto de las operaciones (IVA incluido).' }) operationsAmount!: string;
  @Field(() => String, { nullable: true }) nonPerceptionAmount?: string | null;
  @Field(() => String, { nullable: true }) nonPerceptionDescription?: string | null;
  @Field() commission!: string;
  @Field(() => String, { nullable: true }) commissionPercent?: string | null;
  @Field(() => SettlementResponsibleInput) responsible!: SettlementResponsibleInput;
}

@InputType('ExportInput', { description: 'FEX (11): recinto fiscal, régimen, INCOTERMS, flete y seguro.' })
export class ExportInput {
  @Field(() => String, { nullable: true, description: 'CAT-027' }) customsOffice?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-033' }) regimeType?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-028' }) regime?: string | null;
  @Field(() => String, { nullable: true, description: 'CAT-031' }) incoterms?: string | null;
  @Field(() => String, { nullable: true }) freight?: string | null;
  @Field(() => String, { nullable: true }) insurance?: string | null;
}

@InputType('TransportInput')
export class TransportInput {
  @Field({ description: 'CAT-030' }) mode!: string;
  @Field() vehicleId!: string;
  @Field() driverDocument!: string;
  @Field() driverName!: string;
}

@InputType('AssociatedDocumentInput', { description: 'FEX y CD: otros documentos asociados (CAT-021); el 4 (transporte) lleva transport.' })
export class AssociatedDocumentInput {
  @Field({ description: 'CAT-021' }) code!: string;
  @Field(() => String, { nullable: true }) identification?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => TransportInput, { nullable: true }) transport?: TransportInput | null;
}
