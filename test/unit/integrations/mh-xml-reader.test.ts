import { readXml, textOf, at, XML_LIMITS, XmlRefused } from '../../../src/integrations/certificates/mh-xml-reader';

const refusal = (xml: string) => {
  try {
    readXml(xml);
    return null;
  } catch (err) {
    return err instanceof XmlRefused ? err.reason : `otro error: ${String(err)}`;
  }
};

describe('readXml (saxes under limits)', () => {
  it('reads elements, text, CDATA, the predefined entities and numeric references; drops prefixes', () => {
    const root = readXml('<?xml version="1.0"?><m:A xmlns:m="urn:x"><m:b> x &amp; y &#65;&#x42; </m:b><c><![CDATA[<z>]]></c></m:A>');
    expect(textOf(at(root, 'A', 'b'))).toBe('x & y AB');
    expect(textOf(at(root, 'a', 'C'))).toBe('<z>');
  });

  it.each([
    ['a DOCTYPE before the root', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'el archivo declara un DOCTYPE'],
    ['a DOCTYPE after the root', `<a/><!DOCTYPE [${']'.repeat(5000)}`, 'no es XML bien formado'],
    ['an undeclared entity', '<a>&e;</a>', 'no es XML bien formado'],
    ['an unclosed element', '<a><b></a>', 'no es XML bien formado'],
    ['text after the root', '<a/>x', 'no es XML bien formado'],
    ['an unclosed CDATA', `<a><![CDATA[${']'.repeat(5000)}`, 'no es XML bien formado'],
    [`more than ${XML_LIMITS.maxDepth} levels`, '<a>'.repeat(XML_LIMITS.maxDepth + 1), 'demasiados niveles de anidación'],
    [`more than ${XML_LIMITS.maxElements} elements`, `<a>${'<b/>'.repeat(XML_LIMITS.maxElements)}</a>`, 'demasiados elementos'],
  ])('refuses %s', (_label, xml, reason) => {
    expect(refusal(xml)).toBe(reason);
  });

  it(`accepts exactly ${XML_LIMITS.maxDepth} levels`, () => {
    const n = XML_LIMITS.maxDepth;
    expect(refusal(`${'<a>'.repeat(n)}${'</a>'.repeat(n)}`)).toBeNull();
  });
});
