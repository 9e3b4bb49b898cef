import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config';
import { DomainError } from '../domain/shared/domain-error';
import { COMMANDS, PG_DUMP_HELP, type CliCommand } from './commands';

const USAGE = `Uso: npm run -s cli -- <comando> [opciones]

Comandos:
${COMMANDS.map((c) => `  ${c.name.padEnd(20)} ${c.summary}\n  ${' '.repeat(20)} ${c.usage}`).join('\n')}

Con --json se imprime exactamente un documento JSON en la salida estándar; los avisos van a stderr.

${PG_DUMP_HELP}
`;

async function main(argv: string[]): Promise<number> {
  const words = argv.filter((a) => !a.startsWith('-'));
  const command: CliCommand | undefined = COMMANDS.find((c) => {
    const parts = c.name.split(' ');
    return parts.every((p, i) => words[i] === p);
  });
  if (!command || argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(USAGE);
    return command || argv.includes('--help') || argv.includes('-h') ? 0 : 64;
  }
  const rest = argv.slice(argv.indexOf(command.name.split(' ').pop()!) + 1);
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: rest, options: { ...command.options, json: { type: 'boolean' } }, strict: true, allowPositionals: false }).values as never;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${command.name}: ${command.usage}\n`);
    return 64;
  }
  try {
    const result = await command.run(values);
    if (values.json) process.stdout.write(`${result.jsonText ?? JSON.stringify(result.json)}\n`);
    else process.stdout.write(`${result.text}\n`);
    if (result.failure) process.stderr.write(`Error: ${result.failure.message}\n`);
    return result.failure?.exitCode ?? 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 78;
    }
    if (err instanceof DomainError) {
      const detail = err.errors.map((e) => `  - ${e.path ? `${e.path}: ` : ''}${e.message}`).join('\n');
      process.stderr.write(`Error: ${err.message}\n${err.errors.length > 1 ? `${detail}\n` : ''}`);
      if (values.json) process.stdout.write(`${JSON.stringify({ error: { code: err.code, message: err.message, errors: err.errors } })}\n`);
      return 1;
    }
    process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
