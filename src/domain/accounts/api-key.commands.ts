import { z } from 'zod';
import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { asObject, coded, parseWith } from '../shared/zod-input';
import { apiKeyView, type ApiKeyView } from './account-view';
import type { User } from './accounts.types';
import type { ApiKeysService } from './api-keys.service';

export const KEY_MODES = ['test', 'live'] as const;

/** `createApiKey`: the key's mode. */
export const ApiKeyCreation = z.object({ mode: z.enum(KEY_MODES, coded('INVALID_KEY_MODE', 'mode must be test or live')) });

export type CreateApiKey = (r: { user: User; input: unknown }) => Promise<CommandResult<{ key: string; apiKey: ApiKeyView }>>;
export type RevokeApiKey = (r: { user: User; id: string }) => Promise<CommandResult<ApiKeyView>>;

export interface ApiKeyCommands {
  /** The key is in this answer only. */
  createApiKey: CreateApiKey;
  revokeApiKey: RevokeApiKey;
}

/** A seller's API keys, managed by a user of the seller with a dashboard session. */
export function apiKeyCommands(d: { apiKeys: Pick<ApiKeysService, 'create' | 'revoke'> }): ApiKeyCommands {
  return {
    createApiKey: async ({ user, input }) => {
      const { mode } = parseWith(ApiKeyCreation, asObject(input));
      const { key, apiKey } = await d.apiKeys.create(user, mode);
      return answered({ key, apiKey: apiKeyView(apiKey) });
    },
    revokeApiKey: async ({ user, id }) => answered(apiKeyView(await d.apiKeys.revoke(user, id))),
  };
}
