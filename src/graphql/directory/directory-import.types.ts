import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { payloadOf } from '../common/generic.types';
import { UserError } from '../common/user-error.type';
import { CustomerType } from './customer.types';
import { ProductType } from './product.types';

export enum DirectoryImportStatus {
  CREATED = 'created',
  UPDATED = 'updated',
  REFUSED = 'refused',
}
registerEnumType(DirectoryImportStatus, {
  name: 'DirectoryImportStatus',
  description: 'CREATED nuevo; UPDATED actualizó el existente con el mismo documento o código; REFUSED rechazado (ver errors). En una vista previa, lo que se haría.',
});

@ObjectType('CustomerImportResult')
export class CustomerImportResultType {
  @Field(() => Int, { description: 'Posición en el lote (0 el primero).' }) index!: number;
  @Field(() => DirectoryImportStatus) status!: DirectoryImportStatus;
  @Field(() => CustomerType, { nullable: true, description: 'Guardado; null en una vista previa o si se rechazó.' }) customer!: CustomerType | null;
  @Field(() => [UserError], { description: 'Los errores del elemento, en español (rutas de campo relativas al elemento).' }) errors!: UserError[];
}

@ObjectType('ProductImportResult')
export class ProductImportResultType {
  @Field(() => Int, { description: 'Posición en el lote (0 el primero).' }) index!: number;
  @Field(() => DirectoryImportStatus) status!: DirectoryImportStatus;
  @Field(() => ProductType, { nullable: true, description: 'Guardado; null en una vista previa o si se rechazó.' }) product!: ProductType | null;
  @Field(() => [UserError], { description: 'Los errores del elemento, en español.' }) errors!: UserError[];
}

@ObjectType('ImportCustomersPayload')
export class ImportCustomersPayload extends payloadOf('results', () => [CustomerImportResultType]) {
  @Field({ nullable: true }) dryRun?: boolean;
  @Field(() => Int, { nullable: true }) created?: number;
  @Field(() => Int, { nullable: true }) updated?: number;
  @Field(() => Int, { nullable: true }) refused?: number;
}

@ObjectType('ImportProductsPayload')
export class ImportProductsPayload extends payloadOf('results', () => [ProductImportResultType]) {
  @Field({ nullable: true }) dryRun?: boolean;
  @Field(() => Int, { nullable: true }) created?: number;
  @Field(() => Int, { nullable: true }) updated?: number;
  @Field(() => Int, { nullable: true }) refused?: number;
}
