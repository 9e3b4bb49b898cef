/**
 * Helpers shared by the simulator and client tests: an issuer with a real test certificate, signed
 * DTEs built by the engine, contingency and invalidation events, a simulator on an ephemeral port
 * with its own temp dataDir, and raw HTTP helpers.
 */
import { createPrivateKey, randomInt, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDte, parseDocumentCreate, type BuildContext } from '../../../src/domain/dte';
import { isExtendedDteType, type AnyDteType } from '../../../src/domain/dte/dte.types';
import { generateTestCertificate } from '../../../src/integrations/certificates/generate-test-certificate';
import { parseCertificate } from '../../../src/integrations/certificates/parse-certificate';
import type { MhCredentials } from '../../../src/integrations/mh-client';
import { signCompact } from '../../../src/integrations/signer/jws-signer';
import { createMhSimulator, type MhSimulator, type MhSimulatorOptions } from '../../../src/mh-simulator/mh-simulator.server';
import { localDateTime } from '../../../src/domain/mh-rules/el-salvador-time';
import { body as requestBody, makeContext, type Body } from '../../unit/dte/dte-fixtures';
import { otherBody } from '../../unit/dte/other-types-fixtures';

export const NIT = '06142803901121';

/** A manual clock (tests move it; no real waiting). */
export class TestClock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestIssuer {
  nit: string;
  creds: MhCredentials;
  privateKey: KeyObject;
  publicKeySpkiDer: Buffer;
}

/** One RSA-2048 certificate (generate once per test file: key generation is the slow part). */
export function createTestIssuer(nit = NIT): TestIssuer {
  const password = 'ClavePrivada#2026';
  const { xml } = generateTestCertificate({ nit, password });
  const parsed = parseCertificate(Buffer.from(xml, 'utf8'), password);
  return {
    nit: parsed.nit,
    creds: { nit: parsed.nit, mhUser: parsed.nit, mhPassword: 'Api-Clave#2026mh' },
    privateKey: createPrivateKey({ key: parsed.privateKeyPkcs8Der, format: 'der', type: 'pkcs8' }),
    publicKeySpkiDer: parsed.publicKeySpkiDer,
  };
}

export interface RunningSimulator {
  sim: MhSimulator;
  url: string;
  dataDir: string;
  /** Closes the simulator (the dataDir stays). */
  close(): Promise<void>;
  /** Closes and removes the dataDir. */
  dispose(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'mh-sim-'));
}

export async function startSimulator(opts: Partial<MhSimulatorOptions> = {}): Promise<RunningSimulator> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const sim = await createMhSimulator({ ...opts, dataDir });
  const url = await sim.listen(0);
  return {
    sim, url, dataDir,
    close: () => sim.close(),
    dispose: async () => {
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function enrol(sim: MhSimulator, issuer: TestIssuer, environment: '00' | '01' = '00'): Promise<void> {
  await sim.enrol({ nit: issuer.nit, environment, mhUser: issuer.creds.mhUser, mhPassword: issuer.creds.mhPassword, publicKeySpkiDer: issuer.publicKeySpkiDer });
}

export interface SignedDte {
  json: Record<string, any>;
  jws: string;
  tipoDte: AnyDteType;
  version: number;
  codigoGeneracion: string;
  numeroControl: string;
  fecEmi: string;
}

export interface DteOptions {
  environment?: '00' | '01';
  issuedAt?: Date;
  contingency?: BuildContext['contingency'];
  body?: Body;
  /** Change the built JSON before signing (tests of MH's checks). */
  mutate?: (json: Record<string, any>) => void;
  generationCode?: string;
  controlNumber?: string;
  /** Other BuildContext fields (e.g. relatedDocuments of an NC/ND). */
  context?: Partial<BuildContext>;
}

export function newGenerationCode(): string {
  return randomUUID().toUpperCase();
}

export function sign(json: unknown, key: KeyObject): string {
  return signCompact(JSON.stringify(json), key);
}

/** Builds valid official JSON with the DTE engine and signs it with the issuer's key. */
export class DteFactory {
  private seq = randomInt(1, 1_000_000);

  constructor(private readonly issuer: TestIssuer, private readonly clock: { now(): Date } = { now: () => new Date() }) {}

  build(type: AnyDteType, o: DteOptions = {}): SignedDte {
    const parsed = parseDocumentCreate(isExtendedDteType(type) ? otherBody(type, o.body ?? {}) : requestBody(type, o.body ?? {}));
    if (!parsed.ok) throw new Error(`cuerpo de prueba inválido: ${JSON.stringify(parsed.errors)}`);
    const base = makeContext(type);
    const issuedAt = o.issuedAt ?? this.clock.now();
    const ctx = makeContext(type, {
      environment: o.environment ?? '00',
      generationCode: o.generationCode ?? newGenerationCode(),
      controlNumber: o.controlNumber ?? `DTE-${type}-M001P001-${String(++this.seq).padStart(15, '0')}`,
      issuedAt,
      emitter: { ...base.emitter, nit: this.issuer.nit },
      contingency: o.contingency ?? null,
      // An NC/ND's default related CCF is dated the same day: a note adjusts a document within 3 months.
      relatedDocuments: base.relatedDocuments.map((d) => ({ ...d, issuedOn: localDateTime(issuedAt).date })),
      ...o.context,
    });
    const built = buildDte(parsed.value, ctx);
    if (!built.ok) throw new Error(`buildDte falló: ${JSON.stringify(built.errors)}`);
    const json = JSON.parse(JSON.stringify(built.json)) as Record<string, any>;
    o.mutate?.(json);
    return {
      json, jws: sign(json, this.issuer.privateKey), tipoDte: type, version: json.identificacion.version,
      codigoGeneracion: json.identificacion.codigoGeneracion, numeroControl: json.identificacion.numeroControl, fecEmi: json.identificacion.fecEmi,
    };
  }
}

const RESPONSIBLE = { name: 'Ana María Pérez', docType: '13', docNumber: '01234567-8' };

export function contingencyEvent(issuer: TestIssuer, docs: SignedDte[], o: { start: Date; end: Date; transmittedAt: Date; type?: number; environment?: '00' | '01'; generationCode?: string }): Record<string, any> {
  const t = localDateTime(o.transmittedAt);
  const s = localDateTime(o.start);
  const e = localDateTime(o.end);
  const type = o.type ?? 1;
  return {
    identificacion: { version: 4, ambiente: o.environment ?? '00', codigoGeneracion: o.generationCode ?? newGenerationCode(), fTransmision: t.date, hTransmision: t.time },
    emisor: {
      nit: issuer.nit, nombre: 'Empresa Demo, S.A. de C.V.', nombreResponsable: RESPONSIBLE.name, tipoDocResponsable: RESPONSIBLE.docType,
      numeroDocResponsable: RESPONSIBLE.docNumber, tipoEstablecimiento: '02', codEstableMH: 'M001', codPuntoVentaMH: 'P001',
      telefono: '22223333', correo: 'facturas@demo.com.sv',
    },
    detalleDTE: docs.map((d, i) => ({ noItem: i + 1, tipoDoc: d.tipoDte, codigoGeneracion: d.codigoGeneracion })),
    motivo: { fInicio: s.date, fFin: e.date, hInicio: s.time, hFin: e.time, tipoContingencia: type, motivoContingencia: type === 5 ? 'Falla del proveedor de internet' : null },
  };
}

export function invalidationEvent(
  issuer: TestIssuer,
  target: SignedDte,
  seal: string,
  o: { type: 1 | 2 | 3; replacement?: string | null; at: Date; fecEmi?: string; reason?: string | null; environment?: '00' | '01' },
): Record<string, any> {
  const at = localDateTime(o.at);
  const receptor = target.json.receptor as Record<string, any> | null;
  const receiverDocType = receptor ? (receptor.tipoDocumento ?? (receptor.nit ? '36' : null)) : null;
  const receiverDocNumber = receptor ? (receptor.numDocumento ?? receptor.nit ?? null) : null;
  return {
    identificacion: { version: 3, ambiente: o.environment ?? '00', codigoGeneracion: newGenerationCode(), fecEmi: o.fecEmi ?? target.fecEmi, horEmi: at.time, fusion: null },
    emisor: {
      nit: issuer.nit, nombre: 'Empresa Demo, S.A. de C.V.', codEstableMH: 'M001', codEstable: 'M001', codPuntoVentaMH: 'P001', codPuntoVenta: 'P001',
      telefono: '22223333', correo: 'facturas@demo.com.sv',
    },
    documento: {
      tipoDte: target.tipoDte, codigoGeneracion: target.codigoGeneracion, selloRecibido: seal, numeroControl: target.numeroControl, fecEmi: target.fecEmi,
      codigoGeneracionR: o.replacement ?? null, tipoDocumento: receiverDocType, numDocumento: receiverDocNumber, nombre: receptor?.nombre ?? null,
      telefono: receptor?.telefono ?? null, correo: receptor?.correo ?? null,
    },
    motivo: {
      tipoAnulacion: o.type, motivoAnulacion: o.reason ?? (o.type === 3 ? 'Cambio de los bienes vendidos' : null),
      nombreResponsable: RESPONSIBLE.name, tipDocResponsable: RESPONSIBLE.docType, numDocResponsable: RESPONSIBLE.docNumber,
      nombreSolicita: 'Cliente de Prueba', tipDocSolicita: '13', numDocSolicita: '09876543-2',
    },
  };
}

export interface RawResponse {
  status: number;
  json: any;
  text: string;
}

/** Plain HTTP call to the simulator (MH endpoints with a token, or the control API). */
export async function http(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** A token straight from `/seguridad/auth`. */
export async function login(url: string, issuer: TestIssuer): Promise<string> {
  const res = await fetch(`${url}/seguridad/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user: issuer.creds.mhUser, pwd: issuer.creds.mhPassword }).toString(),
  });
  const json = (await res.json()) as { body: { token: string } };
  return json.body.token;
}

export async function setFaults(url: string, faults: unknown): Promise<void> {
  const res = await http(url, 'PUT', '/__control/faults', faults);
  if (res.status !== 200) throw new Error(`PUT /__control/faults → ${res.status} ${res.text}`);
}
