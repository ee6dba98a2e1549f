import type { InstitutionReport } from '../../domain/transactions/transactions.ports';
import { apiPixAgent } from '../../infra/apipix/apipix-agent';
import { ApiPixClient, type ApiPixExchange } from '../../infra/apipix/apipix-client';
import { ApiPixInstitution } from '../../infra/apipix/apipix-institution';
import { APIPIX_PROFILES } from '../../infra/apipix/apipix-profiles';
import { ApiPixTokens } from '../../infra/apipix/apipix-tokens';
import type { Logger } from '../../infra/log/logger';
import type { Config } from '../config';

export type ApiPixConfig = Pick<
  Config,
  | 'APIPIX_BASE_URL'
  | 'APIPIX_TOKEN_URL'
  | 'APIPIX_CLIENT_ID'
  | 'APIPIX_CLIENT_SECRET'
  | 'APIPIX_CERT_FILE'
  | 'APIPIX_KEY_FILE'
  | 'APIPIX_PFX_FILE'
  | 'APIPIX_PFX_PASSPHRASE'
  | 'APIPIX_CA_FILE'
  | 'APIPIX_PIX_KEY'
  | 'APIPIX_PROFILE'
  | 'APIPIX_APP_KEY'
  | 'APIPIX_TIMEOUT_MS'
>;

/** The API Pix client from the settings (checked at start by loadConfig: the required ones are present). */
export function apiPixClient(config: ApiPixConfig, o: { observe?: (exchange: ApiPixExchange) => void } = {}) {
  const profile = APIPIX_PROFILES[config.APIPIX_PROFILE];
  const dispatcher = apiPixAgent({
    certFile: config.APIPIX_CERT_FILE,
    keyFile: config.APIPIX_KEY_FILE,
    pfxFile: config.APIPIX_PFX_FILE,
    pfxPassphrase: config.APIPIX_PFX_PASSPHRASE,
    caFile: config.APIPIX_CA_FILE,
  });
  const tokens = new ApiPixTokens({
    tokenUrl: required(config.APIPIX_TOKEN_URL, 'APIPIX_TOKEN_URL'),
    clientId: required(config.APIPIX_CLIENT_ID, 'APIPIX_CLIENT_ID'),
    clientSecret: required(config.APIPIX_CLIENT_SECRET, 'APIPIX_CLIENT_SECRET'),
    profile,
    dispatcher,
    timeoutMs: config.APIPIX_TIMEOUT_MS,
  });
  const client = new ApiPixClient({
    baseUrl: required(config.APIPIX_BASE_URL, 'APIPIX_BASE_URL'),
    tokens,
    dispatcher,
    extraQuery: profile.extraQuery({ appKey: config.APIPIX_APP_KEY }),
    timeoutMs: config.APIPIX_TIMEOUT_MS,
    observe: o.observe,
  });
  return { client, tokens, dispatcher, profile };
}

export function wireApiPixInstitution(config: ApiPixConfig, d: { logger: Logger; report(r: InstitutionReport): Promise<unknown>; observe?: (exchange: ApiPixExchange) => void }) {
  const pix = apiPixClient(config, { observe: d.observe });
  const institution = new ApiPixInstitution({ client: pix.client, pixKey: required(config.APIPIX_PIX_KEY, 'APIPIX_PIX_KEY'), logger: d.logger, report: d.report });
  return { ...pix, institution };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required with INSTITUTION=apipix`);
  return value;
}

/** Readiness: whether a token for charges can be had (the cached one, or a fresh one from the PSP). */
export const apiPixTokenCheck = (tokens: ApiPixTokens) => async (): Promise<boolean> => Boolean(await tokens.token(['cob.write']));
