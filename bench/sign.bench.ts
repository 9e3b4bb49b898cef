/**
 * Signing throughput on one core (sequential): `signCompact` (full JWS) versus the raw
 * `crypto.sign('sha512', …)` on the same bytes, RSA-2048, a realistic ~4 KB DTE JSON payload.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { signCompact } from '../src/integrations/signer/jws-signer';

const WARMUP_MS = 300;
const RUN_MS = 2000;

function sampleDte(): string {
  const item = (n: number) => ({
    numItem: n,
    tipoItem: 1,
    numeroDocumento: null,
    cantidad: 2,
    codigo: `PROD-${String(n).padStart(4, '0')}`,
    codTributo: null,
    uniMedida: 59,
    descripcion: `Pan francés artesanal, bolsa de 12 unidades (lote ${n})`,
    precioUni: 1.75,
    montoDescu: 0,
    ventaNoSuj: 0,
    ventaExenta: 0,
    ventaGravada: 3.5,
    tributos: null,
    psv: 0,
    noGravado: 0,
    ivaItem: 0.4027,
  });
  const dte = {
    identificacion: {
      version: 1, ambiente: '00', tipoDte: '01', numeroControl: 'DTE-01-M001P001-000000000012345',
      codigoGeneracion: '7DEEF4A5-0C3B-4B1E-9A77-1F2E3D4C5B6A', tipoModelo: 1, tipoOperacion: 1,
      tipoContingencia: null, motivoContin: null, fecEmi: '2026-03-01', horEmi: '10:15:00', tipoMoneda: 'USD',
    },
    documentoRelacionado: null,
    emisor: {
      nit: '06141234567890', nrc: '1234567', nombre: 'PANADERÍA LA ESPIGA, S.A. DE C.V.', codActividad: '10711',
      descActividad: 'Elaboración de productos de panadería', nombreComercial: 'La Espiga', tipoEstablecimiento: '01',
      direccion: { departamento: '06', municipio: '23', complemento: 'Calle El Mirador y 87 Av. Norte #512, Col. Escalón' },
      telefono: '22223333', correo: 'facturacion@laespiga.com.sv', codEstableMH: 'M001', codEstable: null, codPuntoVentaMH: 'P001', codPuntoVenta: null,
    },
    receptor: {
      tipoDocumento: '13', numDocumento: '01234567-8', nrc: null, nombre: 'María José Hernández', codActividad: null, descActividad: null,
      direccion: { departamento: '06', municipio: '23', complemento: 'Residencial Las Arboledas, pasaje 3, casa 14' },
      telefono: '77778888', correo: 'mariajose@example.com',
    },
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: Array.from({ length: 7 }, (_, i) => item(i + 1)),
    resumen: {
      totalNoSuj: 0, totalExenta: 0, totalGravada: 31.5, subTotalVentas: 31.5, descuNoSuj: 0, descuExenta: 0, descuGravada: 0,
      porcentajeDescuento: 0, totalDescu: 0, tributos: null, subTotal: 31.5, ivaRete1: 0, reteRenta: 0, montoTotalOperacion: 31.5,
      totalNoGravado: 0, totalPagar: 31.5, totalLetras: 'TREINTA Y UNO 50/100 DÓLARES', totalIva: 3.6239, saldoFavor: 0,
      condicionOperacion: 1, pagos: [{ codigo: '01', montoPago: 31.5, referencia: null, plazo: null, periodo: null }], numPagoElectronico: null,
    },
    extension: { nombEntrega: null, docuEntrega: null, nombRecibe: null, docuRecibe: null, observaciones: 'Entrega a domicilio', placaVehiculo: null },
    apendice: null,
  };
  return JSON.stringify(dte);
}

function rate(fn: () => void): number {
  const warmEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmEnd) fn();
  let count = 0;
  const start = performance.now();
  let now = start;
  while (now - start < RUN_MS) {
    fn();
    count++;
    now = performance.now();
  }
  return Math.round((count / ((now - start) / 1000)) * 10) / 10;
}

export default async function bench(): Promise<Record<string, number>> {
  const { privateKey }: { privateKey: KeyObject } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = sampleDte();
  const payloadBytes = Buffer.from(payload, 'utf8');
  const jwsSign = rate(() => signCompact(payload, privateKey));
  const rawSign = rate(() => sign('sha512', payloadBytes, privateKey));
  return {
    jws_sign_per_s: jwsSign,
    raw_rs512_sign_per_s: rawSign,
    payload_bytes: payloadBytes.length,
  };
}
