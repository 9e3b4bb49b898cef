import { connect } from 'node:net';

/**
 * Sends raw bytes to the server and reads the whole answer until the connection closes: for
 * requests a well-behaved client refuses to send (a NUL byte in a header, oversized header blocks).
 */
export async function rawHttp(url: string, bytes: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of headerLines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}
