import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { generateTestCertificate } from '../../../src/integrations/certificates/generate-test-certificate';
import { certificateWarnings, isExpired, parseCertificate } from '../../../src/integrations/certificates/parse-certificate';
import { certificateCode, replaceInXml, textInXml } from './certificate-test-helpers';

const NIT = '06141234567890';
const PASSWORD = 'Clave.Privada-2026';
const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('generateTestCertificate (MH XML)', () => {
  const { xml, publicKeySpkiDer } = generateTestCertificate({ nit: NIT, password: PASSWORD, now: NOW, validDays: 365 });

  it.each([
    '_id', 'nit', 'activo', 'verificado', 'clavePub', 'clavePri', 'fechaVerificacion', 'fechaDebaja',
    'publicKey', 'privateKey', 'keyType', 'algorithm', 'encodied', 'format', 'clave',
    'certificado', 'basicEstructure', 'version', 'serial', 'signatureAlgorithm', 'issuer', 'validity',
    'notBefore', 'notAfter', 'subject', 'subjectPublicKeyInfo', 'extensions',
  ])('contains <%s>', (name) => {
    expect(xml).toMatch(new RegExp(`<${name}[/>]`));
  });

  it('stores the SHA-512 hex of the password in both clave fields, never the password', () => {
    const sha = createHash('sha512').update(PASSWORD).digest('hex');
    expect(textInXml(xml, 'privateKey', 'clave')).toBe(sha);
    expect(textInXml(xml, 'publicKey', 'clave')).toBe(sha);
    expect(xml).not.toContain(PASSWORD);
  });

  it('holds an RSA-2048 unencrypted PKCS#8 key and the matching SPKI', () => {
    const key = createPrivateKey({ key: Buffer.from(textInXml(xml, 'privateKey', 'encodied'), 'base64'), format: 'der', type: 'pkcs8' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(textInXml(xml, 'publicKey', 'format')).toBe('X.509');
    expect(textInXml(xml, 'privateKey', 'format')).toBe('PKCS#8');
    expect(Buffer.from(textInXml(xml, 'publicKey', 'encodied'), 'base64').equals(publicKeySpkiDer)).toBe(true);
    expect(createPublicKey(key).export({ format: 'der', type: 'spki' }).equals(publicKeySpkiDer)).toBe(true);
  });

  it.each([
    ['0614-123456-789-0', '06141234567890'],
    ['012345678', '012345678'],
  ])('normalizes NIT %s to %s', (input, expected) => {
    expect(textInXml(generateTestCertificate({ nit: input, password: 'x' }).xml, 'CertificadoMH', 'nit')).toBe(expected);
  });

  it.each(['123', '0614123456789', 'NIT06141234567890', ''])('refuses NIT %j', (nit) => {
    expect(certificateCode(() => generateTestCertificate({ nit, password: 'x' }))).toBe('certificate_missing_nit');
  });
});

describe('parseCertificate with MH XML', () => {
  const generated = generateTestCertificate({ nit: NIT, password: PASSWORD, now: NOW, validDays: 365 });
  const other = generateTestCertificate({ nit: NIT, password: PASSWORD, now: NOW });

  it('reads a generated certificate with the right password', () => {
    const parsed = parseCertificate(Buffer.from(generated.xml), PASSWORD);
    expect(parsed.format).toBe('mh-xml');
    expect(parsed.nit).toBe(NIT);
    expect(parsed.publicKeySpkiDer.equals(generated.publicKeySpkiDer)).toBe(true);
    expect(createPrivateKey({ key: parsed.privateKeyPkcs8Der, format: 'der', type: 'pkcs8' }).asymmetricKeyType).toBe('rsa');
    expect(parsed.validFrom?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(parsed.validUntil?.toISOString()).toBe('2027-03-01T12:00:00.000Z');
    expect(parsed.subject).toBe(
      `CN=CONTRIBUYENTE DE PRUEBA ${NIT}, givenName=CONTRIBUYENTE, surname=PRUEBA, O=CONTRIBUYENTE DE PRUEBA, ` +
        `OU=FACTURACION ELECTRONICA, organizationIdentifier=VATSV-${NIT}, C=SV, description=Certificado de prueba generado localmente`,
    );
  });

  it.each([
    ['wrong password', 'otra-clave'],
    ['empty password', ''],
    ['password with trailing space', `${PASSWORD} `],
    ['uppercased password', PASSWORD.toUpperCase()],
  ])('%s → certificate_password_invalid', (_label, password) => {
    expect(certificateCode(() => parseCertificate(Buffer.from(generated.xml), password))).toBe('certificate_password_invalid');
  });

  it('accepts an uppercase hex clave', () => {
    const clave = textInXml(generated.xml, 'privateKey', 'clave');
    const xml = replaceInXml(generated.xml, 'privateKey', 'clave', clave.toUpperCase());
    expect(parseCertificate(Buffer.from(xml), PASSWORD).nit).toBe(NIT);
  });

  it('a private key from another key pair → certificate_key_mismatch', () => {
    const xml = replaceInXml(generated.xml, 'privateKey', 'encodied', textInXml(other.xml, 'privateKey', 'encodied'));
    expect(certificateCode(() => parseCertificate(Buffer.from(xml), PASSWORD))).toBe('certificate_key_mismatch');
  });

  it('a public key from another key pair → certificate_key_mismatch', () => {
    const xml = replaceInXml(generated.xml, 'publicKey', 'encodied', textInXml(other.xml, 'publicKey', 'encodied'));
    expect(certificateCode(() => parseCertificate(Buffer.from(xml), PASSWORD))).toBe('certificate_key_mismatch');
  });

  it('a subjectPublicKeyInfo of another key pair → certificate_key_mismatch', () => {
    const xml = replaceInXml(generated.xml, 'subjectPublicKeyInfo', 'subjectPublicKey', textInXml(other.xml, 'publicKey', 'encodied'));
    expect(certificateCode(() => parseCertificate(Buffer.from(xml), PASSWORD))).toBe('certificate_key_mismatch');
  });

  it.each([
    ['random bytes', Buffer.from('8f3a9c0012ffe1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c', 'hex')],
    ['plain text', Buffer.from('esto no es un certificado')],
    ['empty file', Buffer.alloc(0)],
    ['other XML', Buffer.from('<?xml version="1.0"?><factura><nit>06141234567890</nit></factura>')],
    ['JSON', Buffer.from('{"nit":"06141234567890"}')],
    ['DER that is not PKCS#12', Buffer.from('3003020101', 'hex')],
    ['truncated XML', Buffer.from(generated.xml.slice(0, 400))],
    ['private key not base64', Buffer.from(replaceInXml(generated.xml, 'privateKey', 'encodied', '¡no es base64!'))],
    ['private key not PKCS#8', Buffer.from(replaceInXml(generated.xml, 'privateKey', 'encodied', 'AAAAAAAA'))],
    ['clave not a SHA-512', Buffer.from(replaceInXml(generated.xml, 'privateKey', 'clave', 'abc'))],
  ])('%s → certificate_unreadable', (_label, file) => {
    expect(certificateCode(() => parseCertificate(file, PASSWORD))).toBe('certificate_unreadable');
  });

  it.each([
    ['missing', (xml: string) => xml.replace(/<nit>\d+<\/nit>/, '')],
    ['too short', (xml: string) => xml.replace(/<nit>\d+<\/nit>/, '<nit>1234</nit>')],
  ])('a NIT that is %s → certificate_missing_nit', (_label, edit) => {
    expect(certificateCode(() => parseCertificate(Buffer.from(edit(generated.xml)), PASSWORD))).toBe('certificate_missing_nit');
  });

  it('tolerates namespaces, indentation, CRLF, comments, CDATA, a BOM and wrapped base64', () => {
    const priv = textInXml(generated.xml, 'privateKey', 'encodied');
    const pub = textInXml(generated.xml, 'publicKey', 'encodied');
    const clave = textInXml(generated.xml, 'privateKey', 'clave');
    const wrap = (b64: string) => b64.replace(/(.{64})/g, '$1\r\n        ');
    const xml = [
      '\ufeff<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<!-- descargado del portal -->',
      '<mh:CertificadoMH xmlns:mh="urn:mh">',
      '  <mh:_id>abc</mh:_id>',
      '  <mh:nit> 0614-123456-789-0 </mh:nit>',
      '  <mh:publicKey keyType="PUBLIC">',
      `    <mh:encodied>\r\n        ${wrap(pub)}\r\n    </mh:encodied>`,
      '  </mh:publicKey>',
      '  <mh:privateKey>',
      `    <mh:encodied><![CDATA[${priv}]]></mh:encodied>`,
      `    <mh:clave>\n${clave}\n</mh:clave>`,
      '  </mh:privateKey>',
      '  <mh:certificado><mh:basicEstructure><mh:validity>',
      '    <mh:notBefore><epochSecond>1767225600</epochSecond><nano>0</nano></mh:notBefore>',
      '    <mh:notAfter>2031-01-01T00:00:00Z</mh:notAfter>',
      '  </mh:validity><mh:subject><mh:commonName>EMPRESA &amp; ASOCIADOS</mh:commonName></mh:subject>',
      '  </mh:basicEstructure></mh:certificado>',
      '</mh:CertificadoMH>',
    ].join('\r\n');
    const parsed = parseCertificate(Buffer.from(xml, 'utf8'), PASSWORD);
    expect(parsed.nit).toBe(NIT);
    expect(parsed.validFrom?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parsed.validUntil?.toISOString()).toBe('2031-01-01T00:00:00.000Z');
    expect(parsed.subject).toBe('CN=EMPRESA & ASOCIADOS');
  });

  it('has null validity and subject when the file carries no <certificado>', () => {
    const xml = generated.xml.replace(/<certificado>[\s\S]*<\/certificado>/, '');
    const parsed = parseCertificate(Buffer.from(xml), PASSWORD);
    expect([parsed.validFrom, parsed.validUntil, parsed.subject]).toEqual([null, null, null]);
  });

  it.each([
    ['decimal epoch seconds (Jackson Instant)', '1767225600.000000000', '2026-01-01T00:00:00.000Z'],
    ['integer epoch seconds', '1767225600', '2026-01-01T00:00:00.000Z'],
    ['epoch milliseconds', '1767225600000', '2026-01-01T00:00:00.000Z'],
    ['ISO with Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['ISO with offset', '2026-01-01T00:00:00.123-06:00', '2026-01-01T06:00:00.123Z'],
    ['ISO with nanoseconds', '2026-01-01T00:00:00.123456789Z', '2026-01-01T00:00:00.123Z'],
    ['ISO without zone (El Salvador time)', '2026-01-01T00:00:00', '2026-01-01T06:00:00.000Z'],
    ['date only (El Salvador time)', '2026-01-01', '2026-01-01T06:00:00.000Z'],
    ['dd/MM/yyyy HH:mm:ss', '01/01/2026 00:00:00', '2026-01-01T06:00:00.000Z'],
    ['dd/MM/yyyy', '1/1/2026', '2026-01-01T06:00:00.000Z'],
    ['Java Date.toString()', 'Thu Jan 01 00:00:00 CST 2026', '2026-01-01T06:00:00.000Z'],
  ])('reads notAfter as %s', (_label, text, iso) => {
    const xml = replaceInXml(generated.xml, 'validity', 'notAfter', text);
    expect(parseCertificate(Buffer.from(xml), PASSWORD).validUntil?.toISOString()).toBe(iso);
  });

  it.each(['', 'pronto', '31/02/x'])('an unreadable notAfter %j gives null, not an error', (text) => {
    const xml = replaceInXml(generated.xml, 'validity', 'notAfter', text);
    expect(parseCertificate(Buffer.from(xml), PASSWORD).validUntil).toBeNull();
  });
});

describe('certificateWarnings / isExpired', () => {
  const cert = { validFrom: new Date('2026-01-01T00:00:00Z'), validUntil: new Date('2026-06-30T00:00:00Z') };

  it.each([
    ['well within validity', '2026-03-01T00:00:00Z', [], false],
    ['31 days before the end', '2026-05-30T00:00:00Z', [], false],
    ['30 days before the end', '2026-05-31T00:00:00Z', ['certificate_expires_soon'], false],
    ['one hour before the end', '2026-06-29T23:00:00Z', ['certificate_expires_soon'], false],
    ['after the end', '2026-06-30T00:00:01Z', ['certificate_expired'], true],
    ['before the start', '2025-12-31T00:00:00Z', ['certificate_not_yet_valid'], false],
  ])('%s', (_label, now, codes, expired) => {
    const at = new Date(now);
    expect(certificateWarnings(cert, at).map((w) => w.code)).toEqual(codes);
    expect(isExpired(cert, at)).toBe(expired);
  });

  it('gives Spanish messages with the date', () => {
    expect(certificateWarnings(cert, new Date('2026-06-20T00:00:00Z'))).toEqual([
      {
        code: 'certificate_expires_soon',
        message: 'El certificado vence el 2026-06-30 (quedan 10 días); genere uno nuevo en el portal del MH.',
      },
    ]);
    expect(certificateWarnings(cert, new Date('2026-07-01T00:00:00Z'))).toEqual([
      { code: 'certificate_expired', message: 'El certificado venció el 2026-06-30.' },
    ]);
  });

  it('has nothing to say without validity dates', () => {
    const none = { validFrom: null, validUntil: null };
    expect(certificateWarnings(none, new Date())).toEqual([]);
    expect(isExpired(none, new Date())).toBe(false);
  });
});
