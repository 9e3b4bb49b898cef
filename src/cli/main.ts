import { parseArgs } from 'node:util';
import { COMMANDS, PG_DUMP_HELP, type CliCommand } from './commands';
import { cliFailure, explain, failureJson, failureText, type CliFailure } from './cli-errors';

const USAGE = `Uso: npm run -s cli -- <comando> [opciones]

Comandos:
${COMMANDS.map((c) => `  ${c.name.padEnd(20)} ${c.summary}\n  ${' '.repeat(20)} ${c.usage}`).join('\n')}

Con --json se imprime exactamente un documento JSON en la salida estándar; los avisos van a stderr.
Toda salida con un código distinto de 0 dice por qué en stderr (y con --json, como {"error": …} en la salida estándar).

${PG_DUMP_HELP}
`;

/** Whether `--json` was asked for: a failure is then also one JSON document on stdout. */
let json = false;
/** Set once the command has answered, or once its failure was reported (nothing is reported twice). */
let settled = false;

/** Reports a failure once (stderr always; stdout as JSON with --json) and answers its exit code. */
function report(f: CliFailure): number {
  if (settled) return f.exitCode;
  settled = true;
  process.stderr.write(failureText(f));
  if (json) process.stdout.write(failureJson(f));
  return f.exitCode;
}

async function main(argv: string[]): Promise<number> {
  const words = argv.filter((a) => !a.startsWith('-'));
  json = argv.includes('--json');
  const command: CliCommand | undefined = COMMANDS.find((c) => {
    const parts = c.name.split(' ');
    return parts.every((p, i) => words[i] === p);
  });
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(USAGE);
    settled = true;
    return 0;
  }
  if (!command) {
    process.stderr.write(USAGE);
    return report({ code: 'unknown_command', message: words.length ? `No existe el comando «${words.join(' ')}».` : 'Falta el comando.', errors: [], exitCode: 64 });
  }
  const rest = argv.slice(argv.indexOf(command.name.split(' ').pop()!) + 1);
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: rest, options: { ...command.options, json: { type: 'boolean' } }, strict: true, allowPositionals: false }).values as never;
  } catch (err) {
    process.stderr.write(`${command.name}: ${command.usage}\n`);
    return report({ code: 'invalid_arguments', message: `Opciones inválidas: ${explain(err)}`, errors: [], exitCode: 64 });
  }
  try {
    const result = await command.run(values);
    settled = true;
    if (values.json) process.stdout.write(`${result.jsonText ?? JSON.stringify(result.json)}\n`);
    else process.stdout.write(`${result.text}\n`);
    if (result.failure) process.stderr.write(`Error: ${result.failure.message}\n`);
    return result.failure?.exitCode ?? 0;
  } catch (err) {
    return report(cliFailure(err));
  }
}

// Whatever ends the process early says why too: a promise rejected where nobody waited for it, an
// exception thrown outside the command's own awaits, or the command's work ending without an
// answer (every timer and connection gone while it still waited: exit code 70).
process.on('unhandledRejection', (reason) => process.exit(report({ ...cliFailure(reason), code: 'unexpected_error', exitCode: 70 })));
process.on('uncaughtException', (err) => process.exit(report({ ...cliFailure(err), code: 'unexpected_error', exitCode: 70 })));
process.on('beforeExit', () => {
  if (!settled) process.exit(report({ code: 'incomplete', message: 'El comando se detuvo sin terminar su trabajo ni dar una causa: no quedaba nada pendiente que esperar. Vuelva a ejecutarlo; si se repite, revise los registros con LOG_LEVEL=debug.', errors: [], exitCode: 70 }));
});
process.on('exit', (code) => {
  if (code !== 0 && !settled) {
    settled = true;
    process.stderr.write(`Error: el comando terminó con el código ${code} sin dar la causa (otro componente terminó el proceso).\n`);
    if (json) process.stdout.write(failureJson({ code: 'unexpected_exit', message: `El comando terminó con el código ${code} sin dar la causa.`, errors: [], exitCode: code }));
  }
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => process.exit(report({ ...cliFailure(err), exitCode: 70 })),
);
