import { DASHBOARD_PATH } from '../rest/routes/dashboard.routes';
import { GUIDE_PATH } from '../rest/routes/guide-path';
import type { Config } from './config';

/** What the start banner describes. */
export interface BannerFacts {
  url: string;
  publicBaseUrl: string;
  /** package.json's version. */
  version: string;
  config: Pick<Config, 'MODE' | 'ROLE' | 'DATA_DIR' | 'DATABASE_URL' | 'AMQP_URL'>;
}

interface BannerLine {
  label: string;
  /** The value, or null when the line does not apply to this process. */
  value(f: BannerFacts): string | null;
}

const serves = (f: BannerFacts) => f.config.ROLE !== 'worker';

/** Host, port and path of a URL, never its credentials. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * The lines of the banner, in order. A capability with a page of its own (documentation,
 * dashboard) adds its line here when it exists.
 */
export const BANNER_LINES: BannerLine[] = [
  { label: 'REST API', value: (f) => (serves(f) ? f.url : null) },
  { label: 'GraphQL', value: (f) => (serves(f) ? `${f.url}/graphql${f.config.MODE === 'sandbox' ? '  (open it in a browser for the explorer)' : ''}` : null) },
  { label: 'Dashboard', value: (f) => (serves(f) ? `${f.url}${DASHBOARD_PATH}/` : null) },
  { label: 'Guide', value: (f) => (serves(f) ? `${f.url}${GUIDE_PATH}/` : null) },
  { label: 'Health', value: (f) => `${f.url}/health` },
  { label: 'Public URL', value: (f) => (f.publicBaseUrl !== f.url ? `${f.publicBaseUrl}  (BR Codes point here)` : null) },
  { label: 'Mode', value: (f) => `${f.config.MODE}, role ${f.config.ROLE}` },
  { label: 'Database', value: (f) => (f.config.DATABASE_URL ? `PostgreSQL at ${where(f.config.DATABASE_URL)}` : `embedded PostgreSQL (PGlite) in ${f.config.DATA_DIR}`) },
  { label: 'Broker', value: (f) => (f.config.AMQP_URL ? `RabbitMQ at ${where(f.config.AMQP_URL)}` : 'none: webhooks are queued in the database, in this process') },
];

/** A short block for a person at a terminal (logs carry the same facts as JSON). */
export function startBanner(f: BannerFacts): string {
  const lines = BANNER_LINES.map((l) => [l.label, l.value(f)] as const).filter((l): l is readonly [string, string] => l[1] !== null);
  const width = Math.max(...lines.map(([label]) => label.length));
  const body = lines.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  const next =
    f.config.ROLE === 'worker'
      ? []
      : ['', '  First, create a seller and its API key (in another terminal):', "    npm run -s admin -- create-seller --email me@example.com --password 'a long password' --name 'Minha Loja' --document 000.000.000-00"];
  return ['', `PixPay ${f.version} is running`, ...body, ...next, ''].join('\n');
}
