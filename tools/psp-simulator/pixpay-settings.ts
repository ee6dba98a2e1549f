import type { CertificateFiles } from './certificates';
import type { RunningSimulator } from './simulator';

/** The receiving key the tests and benchmarks give PixPay against the simulator. */
export const SIMULATOR_PIX_KEY = 'recebedor@pixpay.example';

/**
 * The settings that point PixPay at a running simulator (`INSTITUTION=apipix` and the
 * `APIPIX_` connection settings), as its command line prints them and the tests and
 * benchmarks set them. Over plain HTTP there are no certificate files.
 */
export function pixPaySettings(sim: RunningSimulator, files: CertificateFiles | null, pixKey = SIMULATOR_PIX_KEY): Record<string, string> {
  return {
    INSTITUTION: 'apipix',
    APIPIX_BASE_URL: sim.url,
    APIPIX_TOKEN_URL: sim.tokenUrl,
    APIPIX_CLIENT_ID: sim.clientId,
    APIPIX_CLIENT_SECRET: sim.clientSecret,
    ...(files ? { APIPIX_CERT_FILE: files.clientCert, APIPIX_KEY_FILE: files.clientKey, APIPIX_CA_FILE: files.caCert } : { APIPIX_ALLOW_HTTP_LOOPBACK: 'true' }),
    APIPIX_PIX_KEY: pixKey,
  };
}
