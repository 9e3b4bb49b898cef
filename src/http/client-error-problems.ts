import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../config/logger';
import { ERROR_CODES } from '../domain/shared/error-codes';
import { redactPath } from './log-redaction';

/**
 * Requests Node's HTTP parser refuses before the application sees them (a request line and headers
 * over the 16 KB limit, a header value with a NUL or another control character, a malformed
 * request line) get a problem+json body instead of Node's empty 400/431, and one log line without
 * a stack. When the socket can no longer be written (reset, a response already under way), it is
 * closed as Node would.
 */
export function answerClientErrorsWithProblems(server: Server, opts: { logger: Logger; baseUrl: () => string }): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    const requestId = `req_${randomBytes(12).toString('hex')}`;
    const instance = requestPathOf(err.rawPacket);
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const code = tooLarge ? 'request_header_fields_too_large' : 'invalid_request';
    const detail = tooLarge
      ? 'La URL y los encabezados de la solicitud superan el máximo de 16 KB; acorte la cadena de consulta o los encabezados.'
      : /HEADER|INVALID_CONSTANT|LF_EXPECTED|CR_EXPECTED/.test(String(err.code))
        ? 'Un encabezado de la solicitud contiene caracteres no admitidos (por ejemplo el carácter nulo) o está mal formado.'
        : 'La solicitud HTTP está mal formada.';
    const { status, title } = ERROR_CODES[code];
    const body = JSON.stringify({ type: `${opts.baseUrl()}/problems/${code}`, title, status, detail, instance, request_id: requestId, errors: [] });
    opts.logger.warn({ request_id: requestId, status, parser_code: err.code, path: redactPath(instance) }, 'solicitud rechazada por el analizador HTTP');
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

/** The path of the request line in the bytes the parser had (`GET /v1/x?y HTTP/1.1` → `/v1/x`), or ''. */
function requestPathOf(raw: Buffer | undefined): string {
  if (!raw) return '';
  const line = raw.subarray(0, 512).toString('latin1').split('\r\n')[0];
  const m = /^[A-Z]{3,10} (\/[^\s?]{0,200})/.exec(line);
  return m ? m[1].replace(/[^\x21-\x7e]/g, '') : '';
}
