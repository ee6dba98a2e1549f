import { loadConfig } from '../main/config';
import { apiPixClient } from '../main/wiring/apipix';
import { institutionCallbackSecrets } from '../main/wiring/institution-callback';
import { callbackPathToken } from '../infra/apipix/apipix-callbacks';
import { ApiPixClient } from '../infra/apipix/apipix-client';

export const APIPIX_USAGE = `       npm run -s admin -- apipix register-webhook

apipix register-webhook  registers this deployment's callback URL with the PSP
                (PUT /webhook/{APIPIX_PIX_KEY}), and with PAYOUT_PROVIDER=inter Banco Inter's
                payout webhook (PUT /banking/v2/webhooks/pix-pagamento), and with
                APIPIX_ACCOUNT_NUMBER set (PIX Automático) the recurrence and recurring-charge
                callbacks (PUT /webhookrec, PUT /webhookcobr); needs INSTITUTION=apipix
                and PUBLIC_BASE_URL.`;

/** `apipix <subcommand>`: operations on the PSP behind INSTITUTION=apipix. */
export async function runApiPixAdmin(argv: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<Record<string, unknown>> {
  const [sub] = argv;
  if (sub !== 'register-webhook') throw new Error(`unknown apipix command ${JSON.stringify(sub ?? '')}\n${APIPIX_USAGE}`);
  const config = loadConfig(env);
  if (config.INSTITUTION !== 'apipix') throw new Error('apipix register-webhook needs INSTITUTION=apipix and its APIPIX_ settings');
  if (!config.PUBLIC_BASE_URL) throw new Error('apipix register-webhook needs PUBLIC_BASE_URL, the address the PSP reaches this service at');
  const { client, profile, dispatcher, tokens } = apiPixClient(config);
  const token = callbackPathToken(institutionCallbackSecrets(config)[0]!);
  const base = `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/v1/institution/apipix`;
  const chave = config.APIPIX_PIX_KEY!;
  try {
    progress(`registering ${base}/<secret>${profile.callbackSuffix} for key ${chave}`);
    await client.call({ method: 'PUT', path: `/webhook/${encodeURIComponent(chave)}`, body: { webhookUrl: `${base}/${token}${profile.callbackSuffix}` }, scopes: ['webhook.write'], headers: profile.webhookHeaders });
    if (config.APIPIX_ACCOUNT_NUMBER) {
      // PIX Automático: the PSP appends /rec and /cobr to these URLs (API Pix callbacks `rec` and `cobr`).
      for (const webhook of ['webhookrec', 'webhookcobr'] as const) {
        progress(`registering ${base}/<secret> with PUT /${webhook}`);
        await client.call({ method: 'PUT', path: `/${webhook}`, body: { webhookUrl: `${base}/${token}` }, scopes: [`${webhook}.write`] });
      }
    }
    if (config.PAYOUT_PROVIDER === 'inter') {
      // Inter reports payouts on the banking webhook `pix-pagamento`, POSTed to the URL as registered.
      progress(`registering ${base}/<secret> as Inter's pix-pagamento webhook`);
      const banking = new ApiPixClient({ baseUrl: config.PAYOUT_BASE_URL ?? new URL(config.APIPIX_BASE_URL!).origin, tokens, dispatcher, timeoutMs: config.APIPIX_TIMEOUT_MS });
      await banking.call({ method: 'PUT', path: '/banking/v2/webhooks/pix-pagamento', body: { webhookUrl: `${base}/${token}` }, scopes: ['webhook-banking.write'] });
    }
  } finally {
    await dispatcher.close();
  }
  // The secret part of the URL is not printed: it is derived again from INSTITUTION_CALLBACK_SECRET.
  const payoutWebhook = config.PAYOUT_PROVIDER === 'inter' ? { payoutWebhook: { tipo: 'pix-pagamento', webhookUrl: `${base}/<secret>` } } : {};
  const recurrenceWebhooks = config.APIPIX_ACCOUNT_NUMBER ? { recurrenceWebhooks: { webhookrec: `${base}/<secret>`, webhookcobr: `${base}/<secret>` } } : {};
  return { registered: true, chave, webhookUrl: `${base}/<secret>${profile.callbackSuffix}`, ...payoutWebhook, ...recurrenceWebhooks };
}
