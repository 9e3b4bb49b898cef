/**
 * ESLint 9 flat config: the layer boundaries of the architecture (docs/adr/0022-lint-enforced-layers.md)
 * plus a short list of syntax-only checks. No type-aware rules, so `npm run lint` stays fast.
 *
 * Each layer rule is the core `no-restricted-imports` with path patterns; relative imports are
 * matched by the directory they reach (`../../persistence/…`), packages by name.
 */
const tseslint = require('typescript-eslint');
const comments = require('@eslint-community/eslint-plugin-eslint-comments/configs');
const regexp = require('eslint-plugin-regexp');

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

/** src/services, except the ports the integrations implement (services/ports/*.port: every port lives there) and the clock. */
const SERVICES_BUT_PORTS = '^(\\.\\./)+(src/)?services(/(?!ports/[\\w-]+\\.port$|shared/clock$)|$)';
/** src/services, except the registry of every service (`Services`) the jobs are given and the job queue's own port. */
const SERVICES_BUT_REGISTRY = '^(\\.\\./)+(src/)?services(/(?!services$|ports/queue\\.port$)|$)';

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
    'src/integrations implementa los puertos hacia afuera: no importa servicios (salvo sus puertos, services/ports/*.port, y clock), transportes ni trabajos.',
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
 * Each store is the only code that reads and writes its tables (AGENTS.md rule 6, ADR 0024, ADR 0083):
 * nothing else may hold one of its entities it could change and flush — a status changed outside the
 * store would skip its state machine. Refused outside the owning store, the entities themselves
 * (their index, which registers them with the ORM) and the migrations: importing or re-exporting an
 * owned class by name, importing its module, reaching it as `x.DocumentEntity` or
 * `{ DocumentEntity } = …`, and naming it as a string (`em.find('DocumentEntity', …)`).
 */
const STORE_ENTITIES = [
  { store: 'src/persistence/documents/', what: 'del almacén de documentos (src/persistence/documents/): lea con sus consultas con nombre (DocumentQueries) y cambie con sus escrituras', entities: ['DocumentEntity', 'DocumentEventEntity'], modules: ['document', 'document-event'] },
  { store: 'src/persistence/contingency/', what: 'del almacén de episodios de contingencia (src/persistence/contingency/): lea y cambie con ContingencyEpisodeStore (deps.contingencies)', entities: ['ContingencyEpisodeEntity'], modules: ['contingency-episode'] },
  { store: 'src/persistence/invalidations/', what: 'del almacén de invalidaciones (src/persistence/invalidations/): lea y cambie con InvalidationStore (deps.invalidations)', entities: ['DocumentInvalidationEntity'], modules: ['document-invalidation'] },
  { store: 'src/persistence/events/', what: 'del almacén de eventos DTE (src/persistence/events/): lea y cambie con DteEventStore (deps.dteEvents)', entities: ['DteEventEntity'], modules: ['dte-event'] },
  { store: 'src/persistence/archives/', what: 'del almacén de archivos del período (src/persistence/archives/): lea y cambie con PeriodArchiveStore (deps.archives)', entities: ['PeriodArchiveEntity', 'PeriodArchiveChunkEntity'], modules: ['period-archive'] },
];
/** Besides each store: the entities' folder (their index registers them) and the migrations. */
const ENTITY_HOMES = ['src/persistence/entities/', 'migrations/'];
const storeEntities = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = require('node:path').relative(context.cwd, context.filename).split(require('node:path').sep).join('/');
    if (ENTITY_HOMES.some((home) => file.startsWith(home))) return {};
    const foreign = STORE_ENTITIES.filter((g) => !file.startsWith(g.store));
    if (!foreign.length) return {};
    const byEntity = new Map(foreign.flatMap((g) => g.entities.map((e) => [e, g])));
    const moduleOf = new RegExp(`(^|/)(${foreign.flatMap((g) => g.modules).join('|')})\\.entity(\\.ts)?$`);
    const groupOfModule = (value) => foreign.find((g) => g.modules.some((m) => new RegExp(`(^|/)${m}\\.entity(\\.ts)?$`).test(value)));
    const message = (name, g) => `${name} es ${g.what}; fuera de él nadie tiene la entidad.`;
    const name = (node) => (node && node.type === 'Identifier' ? node.name : node && node.type === 'Literal' ? String(node.value) : null);
    const owned = (n, node) => {
      const g = byEntity.get(n);
      if (g) context.report({ node, message: message(n, g) });
    };
    const specifiers = (node) => {
      for (const s of node.specifiers ?? []) owned(name(s.imported ?? s.local), s);
    };
    const modulePath = (node, source) => {
      if (source && source.type === 'Literal' && typeof source.value === 'string' && moduleOf.test(source.value)) context.report({ node, message: message(source.value, groupOfModule(source.value)) });
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
        if (!node.computed) owned(name(node.property), node);
      },
      'ObjectPattern > Property': (node) => owned(name(node.key), node),
      Literal: (node) => {
        if (typeof node.value === 'string') owned(node.value, node);
      },
    };
  },
};

const layersPlugin = { rules: { 'no-restricted-dynamic-imports': dynamicImports, 'document-store-owns-entities': storeEntities } };
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
  // Each store owns its entities; the rule itself knows which folder owns which (STORE_ENTITIES).
  { files: ['**/*.ts'], rules: { 'layers/document-store-owns-entities': 'error' } },
  // Every regular expression of the service, the panel and the scripts runs in linear time: one that
  // can backtrack super-linearly (ADR 0050) fails the lint, whatever input it is applied to today.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: ['test/**', 'bench/**'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
);
