/**
 * How long the certificate upload's reader takes to refuse 1 MB files built to make a backtracking
 * reader slow (target: < 100 ms each, ADR 0050): `parse_certificate` is the whole check an upload
 * runs (an MH XML file over 64 KB is refused before parsing), `xml_reader` the XML parser alone on
 * the same 1 MB (its time grows linearly with the input), beside a real-sized certificate. Each
 * figure is the median of RUNS readings after two warm-up ones. The files are built here, never stored.
 */
import { generateTestCertificate } from '../src/integrations/certificates/generate-test-certificate';
import { readXml } from '../src/integrations/certificates/mh-xml-reader';
import { parseCertificate } from '../src/integrations/certificates/parse-certificate';

const SIZE = 1_000_000;
const RUNS = 7;

const fill = (head: string, unit: string, size = SIZE) => head + unit.repeat(Math.floor((size - head.length) / unit.length));

function medianMs(run: () => void): { median_ms: number; refused: boolean } {
  let refused = false;
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = process.hrtime.bigint();
    try {
      run();
      refused = false;
    } catch {
      refused = true;
    }
    if (i >= 2) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median_ms: Math.round(times[Math.floor(times.length / 2)] * 100) / 100, refused };
}

export default async function hostileCertificateBench(): Promise<Record<string, unknown>> {
  const root = '<CertificadoMH><nit>1</nit></CertificadoMH>';
  const shapes: Record<string, [string, string]> = {
    doctype_after_root: [`${root}<!DOCTYPE [`, ']'],
    doctype_inside_root: ['<CertificadoMH><!DOCTYPE x [', ']'],
    unclosed_cdata: ['<CertificadoMH><nit><![CDATA[', ']'],
    unclosed_comment: ['<CertificadoMH><!--', '-'],
    unclosed_processing_instruction: ['<CertificadoMH><?x ', '?'],
    deep_nesting: ['<CertificadoMH>', '<a>'],
    stray_angle_brackets: ['<CertificadoMH>', '<'],
    ampersands: ['<CertificadoMH>', '&'],
  };
  const results: Record<string, unknown> = {};
  let worstUpload = 0;
  for (const [name, [head, unit]] of Object.entries(shapes)) {
    const text = fill(head, unit);
    const file = Buffer.from(text);
    const upload = medianMs(() => parseCertificate(file, 'x'));
    const parser = medianMs(() => readXml(text));
    const parserHalf = medianMs(() => readXml(fill(head, unit, SIZE / 2)));
    worstUpload = Math.max(worstUpload, upload.median_ms);
    results[name] = { parse_certificate: upload, xml_reader: parser, xml_reader_half_size_ms: parserHalf.median_ms };
  }
  const real = generateTestCertificate({ nit: '06141234567890', password: 'Clave-1' });
  results.real_certificate = { bytes: real.xml.length, parse_certificate: medianMs(() => parseCertificate(Buffer.from(real.xml), 'Clave-1')) };
  return { file_bytes: SIZE, runs: RUNS, target_ms: 100, worst_upload_median_ms: worstUpload, met: worstUpload < 100, results };
}
