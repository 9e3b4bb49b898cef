import { processGuardHandlers } from '../../../src/process-guards';

function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  return { lines, logger: { error: at('error'), fatal: at('fatal'), warn: at('warn'), info: at('info'), flush: () => undefined } as never };
}

describe('process guards', () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => (stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)));
  afterEach(() => stderr.mockRestore());

  it('an unhandled rejection is logged once and the process goes on', () => {
    const { lines, logger } = recordingLogger();
    const exits: number[] = [];
    const { onRejection } = processGuardHandlers(logger, (c) => exits.push(c));
    const err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    onRejection(err);
    onRejection(err);
    expect(lines).toEqual([{ level: 'error', msg: 'promesa rechazada sin manejar; el proceso continúa' }]);
    expect(exits).toEqual([]);
  });

  it('an uncaught lost connection (a pg client without a listener) is logged and the process goes on', () => {
    const { lines, logger } = recordingLogger();
    const exits: number[] = [];
    const { onException } = processGuardHandlers(logger, (c) => exits.push(c));
    onException(new Error('Connection terminated unexpectedly'), 'uncaughtException');
    expect(lines.map((l) => l.level)).toEqual(['error']);
    expect(exits).toEqual([]);
  });

  it('any other uncaught exception exits with 70 and says why on stderr', () => {
    const { lines, logger } = recordingLogger();
    const exits: number[] = [];
    const { onException } = processGuardHandlers(logger, (c) => exits.push(c));
    onException(new TypeError('x is not a function'), 'uncaughtException');
    expect(lines.map((l) => l.level)).toEqual(['fatal']);
    expect(exits).toEqual([70]);
    expect(String(stderr.mock.calls[0][0])).toBe('El servicio se detiene por un error no controlado (x is not a function); su supervisor debe reiniciarlo.\n');
  });
});
