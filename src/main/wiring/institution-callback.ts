import { sandboxCallbackSecret } from '../../infra/institution/sandbox-callback-secret';
import type { Config } from '../config';

/**
 * The secrets a payment institution may sign its callbacks with: the configured one
 * (required in production) and, while rotating, the accepted one. A sandbox without
 * one gets a random secret per data folder: never anything derived from APP_SECRET,
 * whose sandbox default is public.
 */
export function institutionCallbackSecrets(config: Pick<Config, 'INSTITUTION_CALLBACK_SECRET' | 'INSTITUTION_CALLBACK_SECRET_ACCEPTED' | 'DATA_DIR'>): string[] {
  const current = config.INSTITUTION_CALLBACK_SECRET ?? sandboxCallbackSecret(config.DATA_DIR);
  return config.INSTITUTION_CALLBACK_SECRET_ACCEPTED ? [current, config.INSTITUTION_CALLBACK_SECRET_ACCEPTED] : [current];
}
