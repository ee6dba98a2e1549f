import busboy from 'busboy';
import type { Request, Response } from 'express';
import { APPEAL_LIMITS, detectEvidenceType, type EvidenceUpload } from '../domain/disputes/evidence';
import { validationError } from '../domain/shared/errors';
import { HttpError } from './http-error';

export interface AppealForm {
  fields: Record<string, string>;
  files: EvidenceUpload[];
}

const TEXT_FIELDS = new Set(['disputeId', 'appealReason']);

/**
 * Reads the appeal's multipart body with busboy, enforcing the limits while it streams
 * (the request's total is multipart-limit.ts's, shared with the GraphQL door): a file
 * over the file limit, an 11th file or a file whose first bytes are not PDF, PNG or JPEG stops the reading at
 * once; the connection is then closed rather than drained, so a huge upload is cut off
 * early instead of being read (or buffered) to its end.
 */
export function readAppealForm(req: Request, res: Response): Promise<AppealForm> {
  if (!req.is('multipart/form-data')) return Promise.reject(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data'));

  return new Promise<AppealForm>((resolve, reject) => {
    const form: AppealForm = { fields: {}, files: [] };
    let settled = false;
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: APPEAL_LIMITS.maxFiles, fileSize: APPEAL_LIMITS.maxFileBytes, fields: 10, fieldSize: APPEAL_LIMITS.maxReasonLength * 4, parts: 32 },
      });
    } catch {
      reject(new HttpError(400, 'INVALID_MULTIPART', 'the multipart body could not be read'));
      return;
    }
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      reject(cutOff(req, res, e));
    };
    bb.on('field', (name, value, info) => {
      if (!TEXT_FIELDS.has(name)) return;
      if (info.valueTruncated) fail(validationError('APPEAL_REASON_TOO_LONG', `${name} is too long`, { field: name }));
      form.fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'files') {
        stream.resume();
        fail(validationError('INVALID_FILE_FIELD', 'files go in the repeatable field `files`', { field: name }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        size += chunk.length;
        if (!checked && size >= 16) {
          checked = true;
          if (!detectEvidenceType(Buffer.concat(chunks).subarray(0, 16))) {
            fail(validationError('INVALID_FILE_TYPE', 'files must be PDF, JPG or PNG (judged by their content)', { file: info.filename }));
          }
        }
      });
      stream.on('limit', () => fail(new HttpError(413, 'FILE_TOO_LARGE', `each file must have at most ${APPEAL_LIMITS.maxFileBytes} bytes`)));
      stream.on('end', () => {
        if (!settled) form.files.push({ name: info.filename ?? '', content: Buffer.concat(chunks) });
      });
    });
    bb.on('filesLimit', () => fail(validationError('TOO_MANY_FILES', `at most ${APPEAL_LIMITS.maxFiles} files`, { max: APPEAL_LIMITS.maxFiles })));
    bb.on('partsLimit', () => fail(new HttpError(400, 'INVALID_MULTIPART', 'too many parts')));
    bb.on('fieldsLimit', () => fail(new HttpError(400, 'INVALID_MULTIPART', 'too many fields')));
    bb.on('error', () => fail(new HttpError(400, 'INVALID_MULTIPART', 'the multipart body could not be read')));
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(form);
    });
    req.on('aborted', () => fail(new HttpError(400, 'REQUEST_ABORTED', 'request was aborted by the client')));
    req.pipe(bb);
  });
}

/** Answers without reading the rest of the body: the connection closes after the answer. */
function cutOff(req: Request, res: Response, e: Error): Error {
  res.setHeader('Connection', 'close');
  res.once('finish', () => setImmediate(() => req.socket?.destroy()));
  req.pause();
  return e;
}
