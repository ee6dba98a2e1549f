import { randomUUID } from 'node:crypto';
import type { RunningApp } from '../../src/main/start-application';
import { gql, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { promoteToOperator } from '../support/platform';

/** A user promoted to operator, logged in; returns its session token. */
export async function operatorSession(app: Pick<RunningApp, 'url' | 'services'>): Promise<string> {
  const email = `operator-${randomUUID()}@example.com`;
  const password = 'operator password 123';
  await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: email, p: password });
  await promoteToOperator(app, email);
  const login = await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: email, p: password });
  return login.data!.logIn.token as string;
}

/** A PIX charge with a customer, through the API. */
export async function createCharge(app: TestApp, apiKey: string, customer: Record<string, string>, description = 'Pedido 42') {
  const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', {
    key: apiKey,
    idempotencyKey: randomUUID(),
    body: { amount: 1050, description, customer, metadata: { note: `for ${customer.name}` } },
  });
  if (res.status !== 201) throw new Error(`charge: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}
