import busboy from 'busboy';
import { Readable } from 'node:stream';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { filename: string; mimeType: string; data: Buffer }>;
}

export class MultipartError extends Error {}

/** Parses a buffered multipart/form-data body (small uploads such as certificates). */
export function parseMultipart(body: Buffer, contentType: string, limits: { fileBytes: number; fields: number }): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: limits.fileBytes, fields: limits.fields, files: 5, fieldSize: 64 * 1024 } });
    } catch (err) {
      reject(new MultipartError((err as Error).message));
      return;
    }
    const form: MultipartForm = { fields: {}, files: {} };
    let failed = false;
    bb.on('field', (name, value) => (form.fields[name] = value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failed = true;
        reject(new MultipartError(`El archivo "${name}" supera el tamaño máximo de ${Math.floor(limits.fileBytes / 1024)} KB.`));
      });
      stream.on('end', () => (form.files[name] = { filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }));
    });
    bb.on('error', (err) => reject(new MultipartError((err as Error).message)));
    bb.on('close', () => {
      if (!failed) resolve(form);
    });
    Readable.from([body]).pipe(bb);
  });
}
