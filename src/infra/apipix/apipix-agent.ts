import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContextOptions } from 'node:tls';
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
 * connections sized for the create rate. The TLS context is built once: left to each new
 * connection, it would parse the client certificate and every root again (most of the
 * service's CPU when a burst of creates opens connections).
 */
export function apiPixAgent(files: ApiPixTlsFiles, opts: { connections?: number } = {}): Agent {
  const context: SecureContextOptions = {};
  if (files.certFile && files.keyFile) {
    context.cert = readFileSync(files.certFile);
    context.key = readFileSync(files.keyFile);
  }
  if (files.pfxFile) context.pfx = [{ buf: readFileSync(files.pfxFile), passphrase: files.pfxPassphrase }];
  // Setting `ca` replaces Node's roots: keep them and add the PSP's.
  if (files.caFile) context.ca = [...rootCertificates, readFileSync(files.caFile, 'utf8')];
  return new Agent({ connect: { secureContext: createSecureContext(context) }, connections: opts.connections ?? 128, keepAliveTimeout: 30_000 });
}
