import type { Request } from 'express';
import type { HttpResult } from './http-result';
import type { ProblemContext } from './problem';
import type { z } from 'zod';
import type { GraphQLContext } from '../src/graphql/common/context';
import type { Scope } from '../src/domain/identity/scopes';
import type { ErrorCode } from '../src/domain/shared/error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route hands to its mappers: path params, query (snake_case, parsed) and body (camelCase, validated). */
export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** multipart routes only */
  raw?: { data: Buffer; contentType: string };
}

export interface RouteBody {
  /** camelCase zod schema, shared with the service; REST keys are converted mechanically. */
  schema: z.ZodType;
  required: boolean;
  /** Top-level snake_case keys passed through without case conversion (free-form objects such as `raw`). */
  opaque?: readonly string[];
  /**
   * The body's twin on the GraphQL door, which test/unit/rest/input-schema-parity.test.ts compares
   * with this body's OpenAPI schema field by field, so a field added to one door cannot be missing
   * from the other. Every body names exactly one of `graphqlInput`, `graphqlMutation` or `restOnly`.
   *
   * `graphqlInput`: the input type that carries the same fields (`DocumentCreateInput`).
   */
  graphqlInput?: string;
  /**
   * A mutation whose arguments carry the body's fields (`reopenFiscalPeriod(… reason)`); with
   * `bodyArg`, the one argument that carries the whole body (`putFiscalRecord(… record)`).
   */
  graphqlMutation?: { field: string; bodyArg?: string };
  /** Fields of the GraphQL twin that REST carries in the path: field or argument → path parameter (`emitterId` → `id`). */
  graphqlPathFields?: Readonly<Record<string, string>>;
  /** No GraphQL twin (the panel session's own routes, the embed link's exchange): why. */
  restOnly?: string;
}

/** A success answer other than the route's `status` (a dry run, queued work, a replacement…). */
export interface RouteOutcome {
  status: number;
  /** When it is answered (Spanish, shown in the OpenAPI document). */
  description: string;
  /** Body schema; default the route's `response` (null: no body). */
  response?: z.ZodType | null;
  /** Non-JSON body (`text/html`, …) instead of `response`. */
  mediaType?: string;
}

/** A REST route is data: method + path → the use case its GraphQL resolver calls (`call`, or a `handler` for non-JSON answers), mappers and the success status. */
export interface RestRoute {
  id: string;
  method: HttpMethod;
  /** Express-style path: `/v1/emitters/:id`. */
  path: string;
  status: number;
  summary: string;
  description?: string;
  tag: string;
  /** Scope the operation needs (enforced by the GraphQL resolver or service; documented in OpenAPI). */
  scope: Scope | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: RouteBody;
  /** multipart/form-data upload: the raw bytes and content type are handed to `handler`. */
  multipart?: {
    maxBytes: number;
    /** The form's fields as a JSON Schema, for the OpenAPI document. */
    form?: Record<string, unknown>;
    /** The GraphQL input carrying the same fields (compared with `form` like a body's `graphqlInput`). */
    graphqlInput?: string;
    /** Form fields the GraphQL input carries under another name and encoding: form field → input field (a file → its base64 text). */
    graphqlRenamed?: Readonly<Record<string, string>>;
  };
  /** Response schema (snake_case) for the OpenAPI document. */
  response: z.ZodType | null;
  /** Binary success body (e.g. `application/pdf`, or the media types a file may have) instead of JSON, for the OpenAPI document. */
  binaryMediaType?: string | readonly string[];
  /** Other success statuses the operation answers (documented beside `status`). */
  outcomes?: readonly RouteOutcome[];
  /**
   * Refusals of this operation beyond those its shape implies (authentication, scope, path ids,
   * query, body, Idempotency-Key: see `route-responses.ts`): conflicts and business rules. Each
   * code's status comes from the error taxonomy; the OpenAPI document lists them per status.
   */
  refusals?: readonly ErrorCode[];
  /**
   * The use case called directly (no GraphQL execution): the service's answer through the same
   * mapper the GraphQL resolver uses (`toDocument`, `toEmitterView`), then the REST resource; `null`
   * means 404. A refusal (DomainError) becomes the problem the mutation payload's `errors` give.
   */
  call?: (input: RouteInput, ctx: GraphQLContext) => Promise<{ body: unknown; status?: number } | null>;
  /**
   * A `call` that shares its read with a GraphQL query (not a mutation): its refusal is rendered as
   * the query's top-level error gives it (`runQuery`: the refusal's code and message, its first
   * field), not as a payload's `errors`.
   */
  refusalAs?: 'query';
  /**
   * A route that calls the service directly and writes its HTTP answer itself: binary, multipart and
   * redirect answers, the panel session's cookies, fiscal reports and records (ADR 0001 lists them).
   */
  handler?: (req: Request, input: RouteInput, ctx: GraphQLContext, problem: ProblemContext) => Promise<HttpResult>;
  /** True for routes needing no credentials (the OpenAPI document, login, plans, the embed exchange). */
  public?: boolean;
  /**
   * A route for panel sessions only (the account's keys, users and audit log; the session itself):
   * any other credential is refused at admission — before media type, body and Idempotency-Key, as a
   * missing scope is — with this code: 403 `session_required`, or 401 `unauthenticated` under
   * `/v1/auth/*`, which answers "no session".
   */
  sessionOnly?: 'session_required' | 'unauthenticated';
  /** Open to a panel session that still owes its second factor (finishing the login, enrolling, the session itself, logout). */
  secondFactorPending?: boolean;
  /** True for the reads an embed view's token may make (GET only; the view's emitter only). */
  embedView?: boolean;
  /** False for the POSTs that need no Idempotency-Key (the panel session's `/v1/auth/*`). */
  idempotent?: boolean;
  /**
   * The use case links everything it creates in its creating commit, which then writes the
   * Idempotency-Key record itself (no statement of its own before the request runs; ADR 0020).
   */
  idempotencyRecordInCommit?: true;
}
