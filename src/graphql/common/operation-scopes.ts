import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { firstMissingScope, isScope, type Scope } from '../../domain/identity/scopes';
import type { Actor } from '../../services/shared/actor';

type OperationKind = 'query' | 'mutation' | 'subscription';

/** `null`: the root field is public; `[]`: any valid key; else every listed scope. */
type FieldNeed = readonly Scope[] | null;

let needs: Map<string, FieldNeed> | null = null;

/** What each root field's `@Authorized(...)` asks for, read once from the resolvers' metadata. */
function rootFieldNeeds(): Map<string, FieldNeed> {
  if (needs) return needs;
  const storage = getMetadataStorage();
  const map = new Map<string, FieldNeed>();
  const add = (kind: OperationKind, defs: readonly { target: object; methodName: string; schemaName: string }[]) => {
    for (const def of defs) {
      const auth =
        storage.authorizedFields.find((a) => a.target === def.target && a.fieldName === def.methodName) ??
        storage.authorizedResolver.find((a) => a.target === def.target);
      map.set(`${kind}.${def.schemaName}`, auth ? (auth.roles as string[]).filter(isScope) : null);
    }
  };
  add('query', storage.queries);
  add('mutation', storage.mutations);
  add('subscription', storage.subscriptions);
  needs = map;
  return map;
}

/** The scopes a root field needs (`mutation`, `issueDocument` → ['documents:write']); null when public or unknown. */
export function rootFieldScopes(kind: OperationKind, field: string): FieldNeed {
  return rootFieldNeeds().get(`${kind}.${field}`) ?? null;
}

export function selectedOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | null {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return ops.find((o) => o.name?.value === operationName) ?? null;
  return ops.length === 1 ? ops[0] : null;
}

/** Root field names of an operation, through inline fragments and fragment spreads. */
function rootFields(document: DocumentNode, set: SelectionSetNode, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...rootFields(document, sel.selectionSet, seen));
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const frag = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (frag && frag.kind === Kind.FRAGMENT_DEFINITION) out.push(...rootFields(document, frag.selectionSet, seen));
    }
  }
  return out;
}

export type ScopeRefusal = { code: 'unauthenticated' } | { code: 'insufficient_scope'; scope: Scope; field: string };

/**
 * Checks, before an operation runs (and before its Idempotency-Key is spent or its subscription
 * starts), that the actor may use every root field it selects. The resolvers' own `@Authorized`
 * stays the rule; this reads it ahead of time.
 */
export function operationScopeRefusal(document: DocumentNode, operationName: string | null | undefined, actor: Actor | null): ScopeRefusal | null {
  const op = selectedOperation(document, operationName);
  if (!op) return null;
  for (const field of rootFields(document, op.selectionSet)) {
    if (field.startsWith('__')) continue;
    const need = rootFieldScopes(op.operation as OperationKind, field);
    if (need === null) continue;
    if (!actor) return { code: 'unauthenticated' };
    const scope = firstMissingScope(actor.scopes, need);
    if (scope) return { code: 'insufficient_scope', scope, field };
  }
  return null;
}
