import { SaxesParser } from 'saxes';

/**
 * The reader of MH's `<CertificadoMH>` files (ADR 0050): `saxes`, a strict streaming XML parser that
 * reads each character once, under limits of our own — no DOCTYPE at all (so no entity of any kind
 * beyond the five predefined ones and numeric references), at most MAX_DEPTH levels and MAX_ELEMENTS
 * elements, and the caller's size bound (1 MiB). The first error ends the reading: a file that is not
 * well-formed XML is unreadable. Namespace prefixes are dropped, names compare case-insensitively,
 * attributes are ignored.
 */
export interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

/** A real certificate nests 6 levels and holds ~40 elements. */
export const XML_LIMITS = { maxDepth: 32, maxElements: 5000 } as const;

export class XmlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'XmlRefused';
  }
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Parses `xml` into a tree under a synthetic root named `#document`; throws XmlRefused on malformed or refused input. */
export function readXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', children: [], text: '' };
  const stack: XmlNode[] = [root];
  let elements = 0;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    throw new XmlRefused('no es XML bien formado');
  });
  parser.on('doctype', () => {
    throw new XmlRefused('el archivo declara un DOCTYPE');
  });
  parser.on('opentag', (tag) => {
    if (++elements > XML_LIMITS.maxElements) throw new XmlRefused('demasiados elementos');
    if (stack.length > XML_LIMITS.maxDepth) throw new XmlRefused('demasiados niveles de anidación');
    const node: XmlNode = { name: localName(tag.name), children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    if (stack.length > 1) stack.pop();
  });
  parser.on('text', (text) => {
    stack[stack.length - 1].text += text;
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1].text += text;
  });
  parser.write(xml).close();
  return root;
}

/** First direct child with that (local, case-insensitive) name. */
export function childOf(node: XmlNode | null | undefined, name: string): XmlNode | null {
  if (!node) return null;
  const wanted = name.toLowerCase();
  return node.children.find((c) => c.name.toLowerCase() === wanted) ?? null;
}

/** Follows a path of direct children, e.g. `at(root, 'privateKey', 'encodied')`. */
export function at(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null = node ?? null;
  for (const step of path) current = childOf(current, step);
  return current;
}

/** Trimmed text of a node (its own text, not its descendants'); null when absent or empty. */
export function textOf(node: XmlNode | null | undefined): string | null {
  const t = node?.text.trim();
  return t ? t : null;
}

/** First node named `name` in document order (depth-first), the node itself included. */
export function findFirst(node: XmlNode, name: string): XmlNode | null {
  const wanted = name.toLowerCase();
  if (node.name.toLowerCase() === wanted) return node;
  for (const c of node.children) {
    const hit = findFirst(c, name);
    if (hit) return hit;
  }
  return null;
}
