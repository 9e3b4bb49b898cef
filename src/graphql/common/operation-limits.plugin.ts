import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, validate, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { findUnsafeText, unsafeTextMessage, unsafeTextReason } from '../../domain/shared/unsafe-text';
import { tooDeepMessage, tooDeepPath } from '../../http/json-depth';
import { depthLimitRule } from './depth-limit.rule';

export interface OperationLimits {
  maxDepth: number;
  maxCost: number;
}

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) in a variable or in a string literal of the
 * operation: INVALID_REQUEST (HTTP 400) naming it (`input.receiver.name`, `emitter(id)`).
 */
export function unsafeInputError(document: DocumentNode, variables: Record<string, unknown> | null | undefined): GraphQLError | null {
  const hit = findUnsafeText(variables ?? {}, '', 1)[0];
  if (hit) return invalidInput(hit.path, unsafeTextMessage(hit.reason));
  let found: GraphQLError | null = null;
  const path: string[] = [];
  visit(document, {
    Field: { enter: (n) => void path.push(n.name.value), leave: () => void path.pop() },
    Argument: { enter: (n) => void path.push(`(${n.name.value})`), leave: () => void path.pop() },
    ObjectField: { enter: (n) => void path.push(`.${n.name.value}`), leave: () => void path.pop() },
    StringValue(n) {
      const reason = unsafeTextReason(n.value);
      if (reason && !found) found = invalidInput(path.join('').replace(/^\./, ''), unsafeTextMessage(reason));
    },
  });
  return found;
}

/**
 * A GraphQL request (the HTTP body, a graphql-ws payload, or its variables alone) whose JSON is
 * nested deeper than MAX_JSON_DEPTH: INVALID_REQUEST naming where, `extensions.field` (`variables`,
 * or `extensions`) and, for a variable, `extensions.variable` (its name). `extra` joins the
 * extensions (Apollo's `http` status).
 */
export function tooDeepRequestError(request: { variables?: unknown; extensions?: unknown } | null | undefined, extra: Record<string, unknown> = {}): GraphQLError | null {
  const path = tooDeepPath(request ?? {});
  if (!path) return null;
  const [field, variable] = path;
  const where = field === 'variables' && variable !== undefined ? { field, variable } : field !== undefined ? { field } : {};
  return new GraphQLError(tooDeepMessage(path.join('.') || undefined), { extensions: { code: 'INVALID_REQUEST', ...where, ...extra } });
}

function invalidInput(field: string, message: string): GraphQLError {
  return new GraphQLError(field === 'variables' ? message : `${field}: ${message}`, { extensions: { code: 'INVALID_REQUEST', field, http: { status: 400 } } });
}

/**
 * Refuses an operation nested deeper than GRAPHQL_MAX_DEPTH (QUERY_TOO_DEEP), whose estimated cost
 * (lists × page size) exceeds GRAPHQL_MAX_COST (QUERY_TOO_COMPLEX), or that carries unstorable
 * text (INVALID_REQUEST), all with HTTP 400. The same checks run over HTTP and graphql-ws.
 */
export function operationLimitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  limits: OperationLimits,
): GraphQLError | null {
  const deep = tooDeepRequestError({ variables: variables ?? {} }, { http: { status: 400 } });
  if (deep) return deep;
  const tooDeep = validate(schema, document, [depthLimitRule(limits.maxDepth)]);
  if (tooDeep.length) return tooDeep[0];
  const unsafe = unsafeInputError(document, variables);
  if (unsafe) return unsafe;
  // No operation to price, or none of the given name (execution answers that one with its own
  // error; the estimator would read the name of an anonymous operation and throw).
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!operations.length) return null;
  if (operationName && !operations.some((d) => d.name?.value === operationName)) return null;
  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      operationName: operationName ?? undefined,
      variables: variables ?? {},
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch (err) {
    // Variables that do not fit their types: execution answers that with its own error.
    if (err instanceof GraphQLError) return null;
    throw err;
  }
  if (cost > limits.maxCost) {
    return new GraphQLError(`La consulta cuesta ${cost} puntos; el máximo por operación es ${limits.maxCost}. Pida menos elementos por página o menos campos anidados.`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, cost, maxCost: limits.maxCost },
    });
  }
  return null;
}

export function operationLimitsPlugin(schema: GraphQLSchema, maxDepth: number, maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          // Over HTTP a subscription would run once and fail inside its resolver: refuse it up front.
          if (operation?.operation === 'subscription') {
            throw new GraphQLError('Las suscripciones se atienden por WebSocket (graphql-ws) en la misma ruta /graphql, no por HTTP.', {
              extensions: { code: 'INVALID_REQUEST', http: { status: 400 } },
            });
          }
          const error = operationLimitError(schema, document, request.operationName, request.variables, { maxDepth, maxCost });
          if (error) throw error;
        },
      };
    },
  };
}
