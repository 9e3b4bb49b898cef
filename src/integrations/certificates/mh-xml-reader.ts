/**
 * A small, tolerant XML reader for MH's `<CertificadoMH>` files: elements, text, CDATA and the five
 * predefined entities plus numeric references. Namespace prefixes are dropped, names compare
 * case-insensitively, attributes are ignored, and DOCTYPE/entity declarations are never expanded.
 */
export interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<(\/?)\s*(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s[^>]*?)?)(\/?)\s*>|([^<]+)|(<)/g;

/** Parses `xml` into a tree under a synthetic root named `#document`. Never throws. */
export function readXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', children: [], text: '' };
  const stack: XmlNode[] = [root];
  for (const m of xml.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    const [, cdata, closing, name, , selfClosing, text, stray] = m;
    if (cdata !== undefined) top.text += cdata;
    else if (text !== undefined) top.text += decodeEntities(text);
    else if (stray !== undefined) top.text += stray;
    else if (name === undefined) continue; // comment, processing instruction, DOCTYPE
    else if (closing) {
      const at = findOpen(stack, name);
      if (at > 0) stack.length = at; // tolerate missing close tags in between; ignore unmatched closes
    } else {
      const node: XmlNode = { name, children: [], text: '' };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  return root;
}

function findOpen(stack: XmlNode[], name: string): number {
  const wanted = name.toLowerCase();
  for (let i = stack.length - 1; i > 0; i--) if (stack[i].name.toLowerCase() === wanted) return i;
  return -1;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
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
