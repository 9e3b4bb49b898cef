// Lints an OpenAPI document (JSON on stdin) with Redocly's `recommended` ruleset and prints the
// problems as one JSON array on stdout. A separate process because @redocly/openapi-core is ESM-only.
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
process.stdout.write(JSON.stringify(problems.map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, at: p.location?.[0]?.pointer ?? null }))));
