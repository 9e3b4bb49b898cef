import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { firstMissingScope, isScope, type Scope } from '../../domain/identity/scopes';
import type { Actor } from '../../services/shared/actor';
import { PANEL_SESSION_ONLY } from './auth-checker';

type OperationKind = 'query' | 'mutation' | 'subscription';

/** `null`: the root field is public; `[]`: any valid key; else every listed scope. */
type FieldNeed = readonly Scope[] | null;

let needs: Map<string, FieldNeed> | null = null;
let sessionOnly: Set<string> | null = null;

/** What each root field's `@Authorized(...)` asks for, read once from the resolvers' metadata. */
function rootFieldNeeds(): Map<string, FieldNeed> {
  if (needs) return needs;
  const storage = getMetadataStorage();
  const map = new Map<string, FieldNeed>();
  const panelOnly = new Set<string>();
  const add = (kind: OperationKind, defs: readonly { target: object; methodName: string; schemaName: string }[]) => {
    for (const def of defs) {
      const auth =
        storage.authorizedFields.find((a) => a.target === def.target && a.fieldName === def.methodName) ??
        storage.authorizedResolver.find((a) => a.target === def.target);
      const roles = auth ? (auth.roles as string[]) : null;
      map.set(`${kind}.${def.schemaName}`, roles ? roles.filter(isScope) : null);
      if (roles?.includes(PANEL_SESSION_ONLY)) panelOnly.add(`${kind}.${def.schemaName}`);
    }
  };
  add('query', storage.queries);
  add('mutation', storage.mutations);
  add('subscription', storage.subscriptions);
  needs = map;
  sessionOnly = panelOnly;
  return map;
}

/** The scopes a root field needs (`mutation`, `issueDocument` → ['documents:write']); null when public or unknown. */
export function rootFieldScopes(kind: OperationKind, field: string): FieldNeed {
  return rootFieldNeeds().get(`${kind}.${field}`) ?? null;
}

/** Whether a root field answers panel sessions only (`@Authorized(PANEL_SESSION_ONLY)`). */
export function rootFieldIsSessionOnly(kind: OperationKind, field: string): boolean {
  rootFieldNeeds();
  return sessionOnly!.has(`${kind}.${field}`);
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

export type ScopeRefusal = { code: 'unauthenticated' } | { code: 'insufficient_scope'; scope: Scope; field: string } | { code: 'session_required'; field: string };

/**
 * Checks, before an operation runs (and before its Idempotency-Key is spent or its subscription
 * starts), that the actor may use every root field it selects: its scopes, and a panel session for
 * the fields that need one. The resolvers' own `@Authorized` and the use cases stay the rule; this
 * reads them ahead of time.
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
    if (actor.scheme !== 'session' && rootFieldIsSessionOnly(op.operation as OperationKind, field)) return { code: 'session_required', field };
  }
  return null;
}
