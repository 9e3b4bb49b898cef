/**
 * The large libraries only some work needs (PDF, spreadsheets, ZIP, mail), loaded the first time a
 * caller uses them rather than when the process starts: an API process that never writes a PDF
 * never compiles pdfkit and its fonts, and every process starts sooner (each test file boots one).
 */
export const pdfkit = once(() => require('pdfkit') as typeof import('pdfkit'));
export const exceljs = once(() => require('exceljs') as typeof import('exceljs'));
export const archiver = once(() => require('archiver') as typeof import('archiver'));
export const nodemailer = once(() => require('nodemailer') as typeof import('nodemailer'));

function once<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
