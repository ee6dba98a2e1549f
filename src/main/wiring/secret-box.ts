import { AesSecretBox } from '../../infra/security/aes-secret-box';
import type { Config } from '../config';

/** Seals with APP_SECRET; opens with it or, during a rotation, with APP_SECRET_ACCEPTED. */
export const secretBoxOf = (config: Pick<Config, 'APP_SECRET' | 'APP_SECRET_ACCEPTED'>) => new AesSecretBox(config.APP_SECRET, acceptedSecrets(config));

export const acceptedSecrets = (config: Pick<Config, 'APP_SECRET_ACCEPTED'>): string[] => (config.APP_SECRET_ACCEPTED ? [config.APP_SECRET_ACCEPTED] : []);
