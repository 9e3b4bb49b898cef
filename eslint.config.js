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

const rules = {
  domain: layer(
    'src/domain es lógica pura: no importa otras capas (servicios, persistencia, transportes, integraciones, trabajos) ni paquetes de E/S.',
    [reaches('(services|persistence|graphql|http|integrations|mh-simulator|config|cli|rest-adapter|jobs)'), '^(\\.\\./)+(server|app|main)$'],
    [...persistencePackages, ...transportPackages, 'node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'node:child_process', 'nodemailer', 'pino'],
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
  simulator: layer('El simulador del MH es independiente del servicio: no importa src/services.', [reaches('services')]),
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
const layersPlugin = { rules: { 'no-restricted-dynamic-imports': dynamicImports } };
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
  { files: ['src/mh-simulator/**/*.ts'], rules: layerRules(rules.simulator) },
);
