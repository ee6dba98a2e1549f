import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';

export interface ApiPixTlsFiles {
  certFile?: string;
  keyFile?: string;
  pfxFile?: string;
  pfxPassphrase?: string;
  /** An extra CA (PEM), trusted besides the system's roots. */
  caFile?: string;
}

/**
 * The HTTP agent for every call to the PSP: our client certificate (PEM pair or PKCS#12)
 * for mutual TLS, the system's roots plus an optional extra CA, and a pool of kept-alive
 * connections sized for the create rate.
 */
export function apiPixAgent(files: ApiPixTlsFiles, opts: { connections?: number } = {}): Agent {
  const connect: Record<string, unknown> = {};
  if (files.certFile && files.keyFile) {
    connect.cert = readFileSync(files.certFile);
    connect.key = readFileSync(files.keyFile);
  }
  if (files.pfxFile) connect.pfx = [{ buf: readFileSync(files.pfxFile), passphrase: files.pfxPassphrase }];
  // Setting `ca` replaces Node's roots: keep them and add the PSP's.
  if (files.caFile) connect.ca = [...rootCertificates, readFileSync(files.caFile, 'utf8')];
  return new Agent({ connect, connections: opts.connections ?? 128, keepAliveTimeout: 30_000 });
}
