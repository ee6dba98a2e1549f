import type { Sql } from '../../src/infra/db/sql';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';

/** A received Pix the simulator holds, by its record number. */
export const simulatorPix = (sim: RunningSimulator, seq: number) => ({ txid: sim.psp.pix.txidOf(seq)!, cents: sim.psp.pix.centsOf(seq), endToEndId: sim.psp.pix.e2eidOf(seq) });

/**
 * Charges of a seller, waiting for payment, for txids the simulator's seeded Pix carry (as if
 * each had been created through the API and registered at the PSP): one statement.
 */
export async function chargesForTxids(sql: Sql, sellerId: string, charges: { txid: string; cents: number }[], now = new Date()): Promise<void> {
  if (charges.length === 0) return;
  await sql.query(
    `insert into transactions (id, seller_id, amount, payment_method, status, provider_reference, txid, location_id, br_code, expires_at, created_at, updated_at)
     select 'seeded_' || t, ?, c, 'PIX', 'WAITING_PAYMENT', t, t, 'seeded-' || t, '', ?::timestamptz + interval '2 days', ?, ?
     from unnest(?::text[], ?::bigint[]) as u(t, c)`,
    [sellerId, now, now, now, charges.map((c) => c.txid), charges.map((c) => c.cents)],
  );
}
