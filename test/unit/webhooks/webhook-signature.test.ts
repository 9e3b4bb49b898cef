import { computeSignature, parseSignatureHeader, signatureHeader, verifySignatureHeader } from '../../../src/domain/webhooks/webhook-signature';

const SECRET = 'whsec_0123456789abcdefghijABCDEFGHIJ';
const OLD = 'whsec_ZYXWVUTSRQPONMLKJIHGFEDCBA987654';
const BODY = '{"id":"evt_1","object":"event"}';

describe('webhook signature (HMAC-SHA256 of t + "." + raw body, hex)', () => {
  it.each([
    ['ASCII body', SECRET, 1_700_000_000, BODY, '069481785195594ade5924efabe87c8edef536662695d0e032f9d792bca75df4'],
    ['other secret', OLD, 1_700_000_000, BODY, '350f837ed07c662e4214e4bbeecf156591f8e73e05d3c1720950dce93eea94e6'],
    ['UTF-8 body (ñ is two bytes)', SECRET, 1_700_000_000, '{"total":"113.00","name":"Peña"}', '2f971e5b0038625d808503d2880eaa17e7a0318b6bd3e68cf474be7c2ddc7241'],
  ])('%s matches openssl dgst -sha256 -hmac', (_label, secret, t, body, hex) => {
    expect(computeSignature(secret, t, body)).toBe(hex);
    expect(computeSignature(secret, t, Buffer.from(body, 'utf8'))).toBe(hex);
  });

  it('one v1 per secret, the current one first', () => {
    expect(signatureHeader([SECRET], 1_700_000_000, BODY)).toBe('t=1700000000,v1=069481785195594ade5924efabe87c8edef536662695d0e032f9d792bca75df4');
    expect(signatureHeader([SECRET, OLD], 1_700_000_000, BODY)).toBe(
      't=1700000000,v1=069481785195594ade5924efabe87c8edef536662695d0e032f9d792bca75df4,v1=350f837ed07c662e4214e4bbeecf156591f8e73e05d3c1720950dce93eea94e6',
    );
    expect(() => signatureHeader([], 1, BODY)).toThrow();
  });

  it.each([
    ['valid, same second', signatureHeader([SECRET], 1_700_000_000, BODY), BODY, SECRET, 1_700_000_000, { ok: true }],
    ['valid, 5 minutes later', signatureHeader([SECRET], 1_700_000_000, BODY), BODY, SECRET, 1_700_000_300, { ok: true }],
    ['too old', signatureHeader([SECRET], 1_700_000_000, BODY), BODY, SECRET, 1_700_000_301, { ok: false, reason: 'timestamp_out_of_tolerance' }],
    ['from the future', signatureHeader([SECRET], 1_700_000_400, BODY), BODY, SECRET, 1_700_000_000, { ok: false, reason: 'timestamp_out_of_tolerance' }],
    ['body changed by one byte', signatureHeader([SECRET], 1_700_000_000, BODY), `${BODY} `, SECRET, 1_700_000_000, { ok: false, reason: 'no_matching_signature' }],
    ['re-serialised body', signatureHeader([SECRET], 1_700_000_000, BODY), '{"id": "evt_1", "object": "event"}', SECRET, 1_700_000_000, { ok: false, reason: 'no_matching_signature' }],
    ['wrong secret', signatureHeader([SECRET], 1_700_000_000, BODY), BODY, OLD, 1_700_000_000, { ok: false, reason: 'no_matching_signature' }],
    ['old secret during an overlap', signatureHeader([SECRET, OLD], 1_700_000_000, BODY), BODY, OLD, 1_700_000_000, { ok: true }],
    ['t changed', signatureHeader([SECRET], 1_700_000_000, BODY).replace('t=1700000000', 't=1700000001'), BODY, SECRET, 1_700_000_000, { ok: false, reason: 'no_matching_signature' }],
    ['no v1', 't=1700000000', BODY, SECRET, 1_700_000_000, { ok: false, reason: 'malformed' }],
    ['garbage', 'hola', BODY, SECRET, 1_700_000_000, { ok: false, reason: 'malformed' }],
  ])('verify: %s', (_label, header, body, secret, nowS, expected) => {
    expect(verifySignatureHeader(header, body, secret, nowS)).toEqual(expected);
  });

  it('parses headers with spaces and ignores unknown schemes', () => {
    expect(parseSignatureHeader(`t=5, v0=abc, v1=${'a'.repeat(64)}`)).toEqual({ timestampS: 5, signatures: ['a'.repeat(64)] });
    expect(parseSignatureHeader('v1=zz,t=5')).toBeNull();
  });
});
