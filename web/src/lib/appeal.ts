/** What appealDispute accepts (the API's appealLimits). */
export interface AppealLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxRequestBytes: number;
  maxReasonLength: number;
  mediaTypes: readonly string[];
}

/** A refusal before sending, with the code the API would answer. */
export interface AppealProblem {
  code: 'APPEAL_REASON_REQUIRED' | 'APPEAL_REASON_TOO_LONG' | 'TOO_MANY_FILES' | 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE' | 'PAYLOAD_TOO_LARGE';
  file?: string;
}

/**
 * The API's checks, done before uploading anything. The type is judged here by what
 * the browser says of the file; the API judges the first bytes, so a renamed file is
 * still refused there, with its own message.
 */
export function appealProblems(reason: string, files: readonly { name: string; type: string; size: number }[], limits: AppealLimits): AppealProblem[] {
  const problems: AppealProblem[] = [];
  const text = reason.trim();
  if (text.length === 0) problems.push({ code: 'APPEAL_REASON_REQUIRED' });
  if (text.length > limits.maxReasonLength) problems.push({ code: 'APPEAL_REASON_TOO_LONG' });
  if (files.length > limits.maxFiles) problems.push({ code: 'TOO_MANY_FILES' });
  for (const f of files) {
    if (!limits.mediaTypes.includes(f.type)) problems.push({ code: 'INVALID_FILE_TYPE', file: f.name });
    else if (f.size > limits.maxFileBytes) problems.push({ code: 'FILE_TOO_LARGE', file: f.name });
  }
  if (files.reduce((n, f) => n + f.size, 0) > limits.maxRequestBytes) problems.push({ code: 'PAYLOAD_TOO_LARGE' });
  return problems;
}

/** Bytes as people read them: "840 B", "12,3 KB", "4,8 MB" (binary units, the API's MiB). */
export function fileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: u === 0 ? 0 : 1 }).format(v)} ${units[u]}`;
}
