/**
 * The service registry (src/services/services.ts) builds every use case once, and the collaborators
 * they share (the books' PDF renderer, the webhook sender, the logo fetcher): no other file of src/,
 * the REST adapter or the jobs builds a service with `new`, and no module of src/services holds an
 * instance built at load time (a module-global renderer or client).
 */
import { findingsInSnippet, findingsInTree } from '../../support/source-files';

const REGISTRY = 'src/services/services.ts';

const BUILDS_A_SERVICE = /\bnew\s+[A-Z]\w*Service\s*\(/g;
/** `const renderer = new PdfkitBookRenderer();` at the top of a module; plain collections are data, not collaborators. */
const MODULE_INSTANCE = /^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=\n]+)?\s*=\s*new\s+(?!(?:Set|Map|WeakMap|WeakSet|Date|RegExp|Error)\b)[A-Z]\w*/gm;

describe('one service registry', () => {
  it('only the registry builds a service', () => {
    expect(findingsInTree(['src', 'rest-adapter', 'jobs'], (f) => f === REGISTRY, BUILDS_A_SERVICE)).toEqual([]);
  });

  it('no module of src/services builds a collaborator when it is loaded', () => {
    expect(findingsInTree(['src/services'], () => false, MODULE_INSTANCE)).toEqual([]);
  });

  it.each([
    ['a service built by hand', 'const d = await new EnsureDemoAccountService(deps, sealer).execute();', BUILDS_A_SERVICE, 1],
    ['a module-global renderer', 'const pdfRenderer = new PdfkitBookRenderer();', MODULE_INSTANCE, 1],
    ['an exported typed client', 'export const client: Client = new Client(opts);', MODULE_INSTANCE, 1],
    ['a module-global set', "const KINDS: ReadonlySet<string> = new Set(['a']);", MODULE_INSTANCE, 0],
    ['an instance inside a function', 'function f() {\n  const r = new PdfkitBookRenderer();\n}', MODULE_INSTANCE, 0],
  ])('the check finds %s', (_label, code, pattern, count) => {
    expect(findingsInSnippet(code, pattern)).toHaveLength(count);
  });
});
