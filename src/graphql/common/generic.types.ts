import { Field, ObjectType, type ClassType } from 'type-graphql';
import { PageInfo } from './page-info.type';
import { UserError } from './user-error.type';

/**
 * The one shape of every list: `{ edges { cursor node }, nodes, pageInfo }`. A connection type is
 * `@ObjectType('XConnection') class XConnection extends connectionOf('X', XType) {}` (plus its own
 * fields, such as aggregates' `totals`); the edge type `XEdge` is registered here.
 */
export function connectionOf<T extends object>(name: string, node: ClassType<T>) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  // Registered under its own name so the subclass inherits its fields; no field returns it, so the schema never shows it.
  @ObjectType(`${name}ConnectionFields`)
  abstract class Connection {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [node])
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return Connection;
}

/**
 * The one shape of every mutation's answer: the resource under `field` (null on a refusal) and
 * `errors` (refusals as data). A payload type is
 * `@ObjectType('XPayload') class XPayload extends payloadOf('x', () => XType) {}` (plus its own fields).
 */
let payloads = 0;

export function payloadOf<F extends string, R extends ClassType<object> | [ClassType<object>]>(field: F, type: () => R, opts: { description?: string } = {}) {
  @ObjectType(`${field[0].toUpperCase()}${field.slice(1)}PayloadFields${++payloads}`)
  abstract class Payload {
    @Field(() => [UserError])
    errors!: UserError[];
  }
  Field(type, { nullable: true, ...opts })(Payload.prototype, field);
  return Payload as abstract new () => Payload & { [K in F]?: ValueOf<R> | null };
}

/** `XType` → an X, `[XType]` → a list of X. */
type ValueOf<R> = R extends [ClassType<infer T>] ? T[] : R extends ClassType<infer T> ? T : never;
