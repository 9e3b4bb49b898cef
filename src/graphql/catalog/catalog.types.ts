import { Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionOf } from '../common/generic.types';

@ObjectType('CatalogEntry')
export class CatalogEntryType {
  @Field(() => ID, { description: 'Identificador estable dentro del catálogo (el código, o departamento.código si el código se repite).' })
  id!: string;

  @Field()
  code!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  section!: string | null;

  @Field(() => String, { nullable: true, description: 'Departamento (CAT-012) de un municipio o distrito.' })
  department!: string | null;

  @Field(() => String, { nullable: true, description: 'Notas al pie del catálogo oficial.' })
  notes!: string | null;
}

@ObjectType('CatalogEntryConnection')
export class CatalogEntryConnection extends connectionOf('CatalogEntry', CatalogEntryType) {}

@ObjectType('Catalog', { description: 'Catálogo oficial del MH (CAT-001 … CAT-033, generación 2026).' })
export class CatalogType {
  @Field({ description: 'Código en forma CAT-019.' })
  code!: string;

  @Field()
  name!: string;

  @Field()
  version!: string;

  @Field(() => Int)
  entriesCount!: number;
}
