import { StatusReads } from '../../../panel/src/lib/status-reads';

type Row = { id: string | null; status: string; controlNumber: string | null };

const rows = (): Map<string, Row> =>
  new Map([
    ['F-1', { id: 'doc_1', status: 'SIGNED', controlNumber: 'DTE-01-1' }],
    ['F-2', { id: 'doc_2', status: 'SIGNED', controlNumber: 'DTE-01-2' }],
    ['F-3', { id: null, status: 'no_emitido', controlNumber: null }],
  ]);

describe('StatusReads', () => {
  it.each<[string, (r: StatusReads) => number, Record<string, string>]>([
    ['a read with no change from the stream applies to every document it answered', (r) => r.mark(), { 'F-1': 'PROCESSED', 'F-2': 'SENDING', 'F-3': 'no_emitido' }],
    ['a change the stream brought before the read set out does not hold the read back', (r) => (r.changed('doc_1'), r.mark()), { 'F-1': 'PROCESSED', 'F-2': 'SENDING', 'F-3': 'no_emitido' }],
    [
      'a change the stream brought while the read was on its way stays on screen: the read is older',
      (r) => {
        const mark = r.mark();
        r.changed('doc_2');
        return mark;
      },
      { 'F-1': 'PROCESSED', 'F-2': 'SIGNED', 'F-3': 'no_emitido' },
    ],
  ])('%s', (_label, run, expected) => {
    const reads = new StatusReads();
    const mark = run(reads);
    const read = new Map([
      ['doc_1', { status: 'PROCESSED', controlNumber: null }],
      ['doc_2', { status: 'SENDING', controlNumber: 'DTE-01-2' }],
    ]);
    const out = reads.apply(rows(), read, mark);
    expect(Object.fromEntries([...out].map(([k, v]) => [k, v.status]))).toEqual(expected);
    // A read without a control number keeps the one on screen; the rows given are not changed.
    expect(out.get('F-1')!.controlNumber).toBe('DTE-01-1');
    expect(rows().get('F-1')!.status).toBe('SIGNED');
  });
});
