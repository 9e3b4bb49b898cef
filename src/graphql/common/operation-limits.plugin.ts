import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, validate, type GraphQLSchema } from 'graphql';
import { depthLimitRule } from './depth-limit.rule';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/**
 * Refuses an operation nested deeper than GRAPHQL_MAX_DEPTH (QUERY_TOO_DEEP) or whose estimated cost
 * (lists × page size) exceeds GRAPHQL_MAX_COST (QUERY_TOO_COMPLEX), both with HTTP 400.
 */
export function operationLimitsPlugin(schema: GraphQLSchema, maxDepth: number, maxCost: number): ApolloServerPlugin {
  const depthRule = depthLimitRule(maxDepth);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const tooDeep = validate(schema, document, [depthRule]);
          if (tooDeep.length) throw tooDeep[0];
          const cost = getComplexity({
            schema,
            query: document,
            operationName: request.operationName,
            variables: request.variables,
            estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
          if (cost > maxCost) {
            throw new GraphQLError(`La consulta cuesta ${cost} puntos; el máximo por operación es ${maxCost}. Pida menos elementos por página o menos campos anidados.`, {
              extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, cost, maxCost },
            });
          }
        },
      };
    },
  };
}
