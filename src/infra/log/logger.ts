import pino from 'pino';

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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'pixpay' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
