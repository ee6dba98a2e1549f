import pino from 'pino';
import pinoPretty from 'pino-pretty';

/** Field paths whose values never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-2fa-code"]',
  '*.password',
  '*.passwordHash',
  '*.totpSecret',
  '*.totpSecretEnc',
  '*.secret',
  '*.key',
  '*.token',
  '*.document',
  '*.documentNumber',
  '*.cpf',
  '*.cnpj',
  '*.cvv',
  '*.card.number',
  'card.number',
];

export type Logger = pino.Logger;

export type LogFormat = 'auto' | 'json' | 'pretty';

/** Pretty lines for a person at a terminal; JSON for everything else (files, collectors). */
function defaultDestination(format: LogFormat): pino.DestinationStream | undefined {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return undefined;
  return pinoPretty({ sync: true, colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}

export function createLogger(level: string, destination?: pino.DestinationStream, format: LogFormat = 'json'): Logger {
  return pino(
    {
      level,
      base: { service: 'pixpay' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? defaultDestination(format),
  );
}
