import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from './certificate-error';
import { normalizeNit } from './certificate-key-checks';

export interface TestCertificateOptions {
  nit: string;
  /** Private-key password (`passwordPri`); the file stores only its SHA-512 hex. */
  password: string;
  /** Default 1825 (five years, as MH's console issues them). */
  validDays?: number;
  now?: Date;
}

export interface TestPkcs12Options {
  nit: string;
  password: string;
  validDays?: number;
  /** Put the NIT in the subject CN instead of serialNumber. */
  useCommonName?: boolean;
}

const DAY_MS = 86_400_000;
const KEY_USAGE = {
  digitalSignature: '1',
  contentCommintment: '1', // sic, as MH spells it
  dataEncipherment: '0',
  keyAgreement: '0',
  keyCertificateSignature: '0',
  crlSignature: '0',
  encipherOnly: '0',
  decipherOnly: '0',
};
const TEST_ISSUER = 'CERTIFICADO DE PRUEBA - NO VALIDO ANTE EL MINISTERIO DE HACIENDA';

/**
 * A self-made certificate in MH's `<CertificadoMH>` XML format (RSA-2048), so the whole flow can be
 * tried without MH. MH will not accept signatures from it: its public key is not registered there.
 */
export function generateTestCertificate(opts: TestCertificateOptions): { xml: string; publicKeySpkiDer: Buffer } {
  const nit = requireNit(opts.nit);
  const now = opts.now ?? new Date();
  const notAfter = new Date(now.getTime() + (opts.validDays ?? 1825) * DAY_MS);
  const { privateKey, publicKey } = rsaKeyPair();
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const id = randomBytes(12).toString('hex');
  const clave = sha512Hex(opts.password);

  const key = (tag: string, keyType: string, der: Buffer, format: string) =>
    node(tag, leaf('keyType', keyType), leaf('algorithm', 'RSA'), leaf('encodied', der.toString('base64')), leaf('format', format), leaf('clave', clave));

  const basicEstructure = node(
    'basicEstructure',
    leaf('version', '3'),
    leaf('serial', randomBytes(8).toString('hex').toUpperCase()),
    node('signatureAlgorithm', leaf('algorithm', 'Sha512WithRSAEncryption'), '<parameters/>'),
    node(
      'issuer',
      leaf('countryName', 'SV'),
      leaf('localilyName', 'SAN SALVADOR'),
      leaf('organizationalUnit', 'PRUEBAS'),
      leaf('organizationalName', 'DTE SERVICE'),
      leaf('commonName', TEST_ISSUER),
      leaf('organizationIdentifier', 'VATSV-0000-000000-000-0'),
    ),
    node('validity', leaf('notBefore', instant(now)), leaf('notAfter', instant(notAfter))),
    node(
      'subject',
      leaf('countryName', 'SV'),
      leaf('organizationName', 'CONTRIBUYENTE DE PRUEBA'),
      leaf('organizationUnitName', 'FACTURACION ELECTRONICA'),
      leaf('organizationIdentifier', `VATSV-${nit}`),
      leaf('surname', 'PRUEBA'),
      leaf('givenName', 'CONTRIBUYENTE'),
      leaf('commonName', `CONTRIBUYENTE DE PRUEBA ${nit}`),
      leaf('description', 'Certificado de prueba generado localmente'),
    ),
    node(
      'subjectPublicKeyInfo',
      node('algorithmIdenitifier', leaf('algorithm', 'RSA'), '<parameters/>'),
      leaf('subjectPublicKey', spki.toString('base64')),
    ),
  );
  const extensions = node(
    'extensions',
    node('authorityKeyIdentifier', leaf('keyIdentifier', id)),
    node('subjectKeyIdentifier', leaf('keyIdentifier', createHash('sha1').update(spki).digest('hex'))),
    node('keyUsage', ...Object.entries(KEY_USAGE).map(([name, bit]) => leaf(name, bit))),
    node('basicConstraints', leaf('ca', 'false')),
  );

  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    node(
      'CertificadoMH',
      leaf('_id', id),
      leaf('nit', nit),
      key('publicKey', 'PUBLIC', spki, 'X.509'),
      key('privateKey', 'PRIVATE', pkcs8, 'PKCS#8'),
      leaf('activo', 'true'),
      leaf('verificado', 'false'),
      node('certificado', basicEstructure, extensions),
      '<clavePub/>',
      '<clavePri/>',
      leaf('fechaVerificacion', instant(now)),
      '<fechaDebaja/>',
    ) +
    '\n';
  return { xml, publicKeySpkiDer: spki };
}

/** A self-signed X.509 in a PKCS#12 (3DES PKCS#12 PBE, SHA-1 MAC: readable by OpenSSL with any password) with the NIT in subject serialNumber or CN. For tests. */
export function generateTestPkcs12(opts: TestPkcs12Options): Buffer {
  const nit = requireNit(opts.nit);
  const { privateKey, publicKey } = rsaKeyPair();
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ format: 'pem', type: 'pkcs1' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ format: 'pem', type: 'spki' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + (opts.validDays ?? 365) * DAY_MS);
  const subject: forge.pki.CertificateField[] = opts.useCommonName
    ? [{ name: 'commonName', value: nit }, { name: 'organizationName', value: 'CONTRIBUYENTE DE PRUEBA' }, { name: 'countryName', value: 'SV' }]
    : [
        { name: 'commonName', value: 'CONTRIBUYENTE DE PRUEBA' },
        { name: 'serialNumber', value: nit },
        { name: 'organizationName', value: 'CONTRIBUYENTE DE PRUEBA' },
        { name: 'countryName', value: 'SV' },
      ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(forgeKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(forgeKey, [cert], opts.password, {
    algorithm: '3des', // PKCS#12 PBE: password as BMPString, so any password interoperates with OpenSSL
    generateLocalKeyId: true,
    friendlyName: `nit-${nit}`,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

function rsaKeyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
}

function requireNit(raw: string): string {
  const nit = /^[\d\s-]+$/.test(raw ?? '') ? normalizeNit(raw) : null;
  if (!nit) {
    throw new CertificateError('certificate_missing_nit', 'El NIT debe tener 14 dígitos (o 9 si se basa en el DUI), sin guiones.');
  }
  return nit;
}

function sha512Hex(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex');
}

/** `java.time.Instant` as Jackson writes it: decimal epoch seconds. */
function instant(d: Date): string {
  const ms = d.getTime();
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}000000`;
}

/** An element with escaped text content. */
function leaf(name: string, text: string): string {
  return `<${name}>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</${name}>`;
}

/** An element wrapping already-built children. */
function node(name: string, ...children: string[]): string {
  return `<${name}>${children.join('')}</${name}>`;
}
