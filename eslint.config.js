/**
 * ESLint 9 flat config: the layer boundaries of the architecture (docs/adr/0022-lint-enforced-layers.md)
 * plus a short list of syntax-only checks. No type-aware rules, so `npm run lint` stays fast.
 *
 * Each layer rule is the core `no-restricted-imports` with path patterns; relative imports are
 * matched by the directory they reach (`../../persistence/…`), packages by name.
 */
const tseslint = require('typescript-eslint');
const comments = require('@eslint-community/eslint-plugin-eslint-comments/configs');

/** A relative import that reaches the top-level directory `dir` (of `src/`, or the repository root). */
const reaches = (dir) => `^(\\.\\./)+(src/)?${dir}(/|$)`;

const layer = (message, regexes, packages = []) => ({
  patterns: [
    ...regexes.map((regex) => ({ regex, message })),
    ...(packages.length ? [{ group: packages, message }] : []),
  ],
});

const persistence = [reaches('persistence')];
const persistencePackages = ['@mikro-orm/*', 'pg', '@electric-sql/*'];
const transports = [reaches('graphql'), reaches('rest-adapter'), reaches('http')];
const transportPackages = ['express', 'type-graphql', '@apollo/*', 'graphql', 'graphql-ws', 'ws'];

/** src/services, except the ports the integrations implement (services/shared/*.port, the clock). */
const SERVICES_BUT_PORTS = '^(\\.\\./)+(src/)?services(/(?!shared/([\\w-]+\\.port|clock)$)|$)';
/** src/services, except the registry of every service (`Services`) the jobs are given. */
const SERVICES_BUT_REGISTRY = '^(\\.\\./)+(src/)?services(/(?!services$)|$)';

const rules = {
  domain: layer(
    'src/domain es lógica pura: no importa otras capas (servicios, persistencia, transportes, integraciones, trabajos) ni paquetes de E/S.',
    [reaches('(services|persistence|graphql|http|integrations|mh-simulator|config|cli|rest-adapter|jobs)'), '^(\\.\\./)+(server|app|main)$'],
    [...persistencePackages, ...transportPackages, 'node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'node:child_process', 'node:stream', 'nodemailer', 'pino', 'exceljs', 'pdfkit'],
  ),
  transport: layer(
    'GraphQL y el adaptador REST no importan la persistencia: llaman a un servicio y mapean su resultado.',
    persistence,
    persistencePackages,
  ),
  services: layer(
    'Los servicios no importan un transporte (GraphQL, adaptador REST, src/http, express): reciben datos y devuelven resultados.',
    transports,
    transportPackages,
  ),
  // The simulator has an `http/` folder of its own: its rule names the depth that reaches src/ (simulatorLayer).
  simulator: (depth) =>
    layer(
      'El simulador del MH es independiente del servicio: no importa sus servicios, integraciones (su firmador y verificador incluidos), persistencia ni transportes.',
      [`^(\\.\\./){${depth}}(services|integrations|persistence|graphql|rest-adapter|http|jobs|cli|server|app|main)(/|$)`, `^(\\.\\./){${depth + 1}}`],
    ),
  integrations: layer(
    'src/integrations implementa los puertos hacia afuera: no importa servicios (salvo sus puertos, services/shared/*.port y clock), transportes ni trabajos.',
    [SERVICES_BUT_PORTS, reaches('(graphql|rest-adapter|http|jobs|cli)'), '^(\\.\\./)+(server|app|main)$'],
    transportPackages,
  ),
  http: layer(
    'src/http es la base común de las dos puertas: no importa GraphQL, el adaptador REST, la persistencia ni los trabajos (lo que ambas puertas comparten vive aquí o en el dominio).',
    [reaches('(graphql|rest-adapter|persistence|jobs|cli|mh-simulator)'), '^(\\.\\./)+(server|app|main)$'],
    [...persistencePackages, 'type-graphql', '@apollo/*', 'graphql', 'graphql-ws'],
  ),
  jobs: layer(
    'Un trabajo llama a los servicios solo a través de `Services` (src/services/services): no importa un servicio, la persistencia, las integraciones ni un transporte.',
    [SERVICES_BUT_REGISTRY, reaches('(persistence|integrations|graphql|rest-adapter|http|cli|mh-simulator|domain)'), '^(\\.\\./)+(src/)?(server|app|main)$'],
    [...transportPackages, '@mikro-orm/*'],
  ),
};

/**
 * `no-restricted-imports` sees only static imports; this rule holds `import('…')` and `require('…')`
 * with a literal path to the same layer patterns (a computed path cannot name a layer by accident).
 */
const dynamicImports = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const { patterns } = context.options[0];
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const value = source.value;
      for (const p of patterns) {
        const hit = p.regex ? new RegExp(p.regex).test(value) : p.group.some((g) => (g.endsWith('/*') ? value.startsWith(g.slice(0, -1)) : value === g));
        if (hit) return context.report({ node, message: p.message });
      }
    };
    return {
      ImportExpression: (node) => check(node, node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
      },
    };
  },
};
/**
 * The document store (src/persistence/documents/) is the only code that reads and writes documents
 * and their events (AGENTS.md rule 6, ADR 0024): nothing else may hold a `DocumentEntity` or
 * `DocumentEventEntity` it could change and flush. Refused outside the store, the entities
 * themselves (their index, which registers them with the ORM) and the migrations: importing or
 * re-exporting either class by name, importing their modules, reaching them as `x.DocumentEntity`
 * or `{ DocumentEntity } = …`, and naming them as a string (`em.find('DocumentEntity', …)`).
 */
const DOCUMENT_ENTITIES = new Set(['DocumentEntity', 'DocumentEventEntity']);
const DOCUMENT_ENTITY_MODULE = /(^|\/)(document|document-event)\.entity(\.ts)?$/;
const documentEntities = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = (name) =>
      `${name} es del almacén de documentos (src/persistence/documents/): lea con sus consultas con nombre (DocumentQueries) y cambie con sus escrituras; fuera de él nadie tiene la entidad.`;
    const name = (node) => (node && node.type === 'Identifier' ? node.name : node && node.type === 'Literal' ? String(node.value) : null);
    const specifiers = (node) => {
      for (const s of node.specifiers ?? []) {
        const imported = name(s.imported ?? s.local);
        if (DOCUMENT_ENTITIES.has(imported)) context.report({ node: s, message: message(imported) });
      }
    };
    const modulePath = (node, source) => {
      if (source && source.type === 'Literal' && typeof source.value === 'string' && DOCUMENT_ENTITY_MODULE.test(source.value)) context.report({ node, message: message(source.value) });
    };
    return {
      ImportDeclaration: (node) => {
        specifiers(node);
        modulePath(node, node.source);
      },
      ExportNamedDeclaration: (node) => {
        if (!node.source) return;
        specifiers(node);
        modulePath(node, node.source);
      },
      ExportAllDeclaration: (node) => modulePath(node, node.source),
      ImportExpression: (node) => modulePath(node, node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') modulePath(node, node.arguments[0]);
      },
      MemberExpression: (node) => {
        if (!node.computed && DOCUMENT_ENTITIES.has(name(node.property))) context.report({ node, message: message(node.property.name) });
      },
      'ObjectPattern > Property': (node) => {
        if (DOCUMENT_ENTITIES.has(name(node.key))) context.report({ node, message: message(name(node.key)) });
      },
      Literal: (node) => {
        if (typeof node.value === 'string' && DOCUMENT_ENTITIES.has(node.value)) context.report({ node, message: message(node.value) });
      },
    };
  },
};

const layersPlugin = { rules: { 'no-restricted-dynamic-imports': dynamicImports, 'document-store-owns-entities': documentEntities } };
const layerRules = (rule) => ({ 'no-restricted-imports': ['error', rule], 'layers/no-restricted-dynamic-imports': ['error', rule] });

module.exports = tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', '.data/**', '**/dist/**', '**/node_modules/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base, comments.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, layers: layersPlugin },
    rules: {
      // A disable names its rule and says why: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Tests read JSON bodies of any shape; `any` there is the honest type.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['src/domain/**/*.ts'], rules: layerRules(rules.domain) },
  { files: ['src/graphql/**/*.ts', 'rest-adapter/**/*.ts'], rules: layerRules(rules.transport) },
  { files: ['src/services/**/*.ts'], rules: layerRules(rules.services) },
  { files: ['src/mh-simulator/*.ts'], rules: layerRules(rules.simulator(1)) },
  { files: ['src/mh-simulator/*/*.ts'], rules: layerRules(rules.simulator(2)) },
  { files: ['src/mh-simulator/*/*/**/*.ts'], rules: layerRules(rules.simulator(3)) },
  { files: ['src/integrations/**/*.ts'], rules: layerRules(rules.integrations) },
  { files: ['src/http/**/*.ts'], rules: layerRules(rules.http) },
  { files: ['jobs/**/*.ts'], rules: layerRules(rules.jobs) },
  {
    files: ['**/*.ts'],
    ignores: ['src/persistence/documents/**', 'src/persistence/entities/**', 'migrations/**'],
    rules: { 'layers/document-store-owns-entities': 'error' },
  },
);
