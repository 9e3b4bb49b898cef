import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Refuses operations nested deeper than `max` levels (introspection included, fragments expanded). */
export function depthLimitRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__') && sel.name.value !== '__schema' && sel.name.value !== '__type') continue;
          deepest = Math.max(deepest, 1 + depthOf(sel.selectionSet, seen));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet, seen));
        } else {
          const name = sel.name.value;
          if (seen.has(name)) continue;
          const frag = fragments.get(name);
          deepest = Math.max(deepest, depthOf(frag?.selectionSet, new Set([...seen, name])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const isIntrospection = node.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'));
        const depth = depthOf(node.selectionSet, new Set());
        if (!isIntrospection && depth > max) {
          context.reportError(
            new GraphQLError(`La consulta tiene ${depth} niveles de anidamiento; el máximo es ${max}.`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_DEEP', http: { status: 400 } },
            }),
          );
        }
      },
    };
  };
}
