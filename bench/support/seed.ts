import { join } from 'node:path';
import { startNode } from './processes';

/** Creates an approved sandbox seller with the built admin command; returns its API key. */
export async function seedSeller(dist: string, env: Record<string, string>, email: string): Promise<string> {
  const seeded = await startNode(join(dist, 'src/cli/admin.js'), ['create-seller', '--email', email, '--password', 'bench password 1', '--name', 'Loja Bench', '--document', '00000000000'], env, (out) => {
    try {
      return JSON.parse(out) as { apiKey: { key: string } };
    } catch {
      return undefined;
    }
  });
  return seeded.value.apiKey.key;
}
