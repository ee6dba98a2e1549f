import type { Cents } from '../shared/money';
import type { Tx } from '../shared/unit-of-work';
import type { ReversibleSplitReturn } from './split-ledger-entries';
import type { PartyDebit, PartyRole, PartyShare, SplitPlan } from './split.types';

/** The split of one charge as stored: the plan, and each party with its part once paid. */
export interface StoredSplit {
  transactionId: string;
  marketplaceId: string;
  marketplaceName: string;
  plan: SplitPlan;
  /** Marketplace first, then the recipients in instruction order. */
  parties: { sellerId: string; role: PartyRole; gross: Cents | null; fee: Cents | null; returned: Cents }[];
}

/** What a recipient may see of a charge it has a part in: its own part, nothing of the buyer nor of the other parties. */
export interface RecipientShare {
  transactionId: string;
  marketplaceId: string;
  marketplaceName: string;
  status: string;
  gross: Cents | null;
  fee: Cents | null;
  returned: Cents;
  paidAt: Date | null;
  end2endId: string | null;
  createdAt: Date;
}

export interface SplitStore {
  /**
   * The plan and its parties (parts unknown until paid), in the charge's create transaction,
   * checking as it writes that every recipient is connected to the marketplace by an ACTIVE
   * link and KYC-approved. When one is not, the transaction fails (at the latest at its
   * commit) with an error that `refusedRecipient` recognises, and nothing is written.
   */
  insert(tx: Tx, s: { transactionId: string; marketplaceId: string; plan: SplitPlan; createdAt: Date }): Promise<void>;
  /** The position in the plan of the recipient whose refusal failed `insert`'s transaction, or null when `error` is another failure. */
  refusedRecipient(error: unknown): number | null;
  /** The charge's split as `tx` sees it (callers hold the charge's row lock), or as committed without `tx`; null when the charge is not split. */
  find(tx: Tx | undefined, transactionId: string): Promise<StoredSplit | null>;
  /** Each party's gross and fee, written with the payment. */
  recordShares(tx: Tx, transactionId: string, shares: readonly PartyShare[]): Promise<void>;
  /** Adds what each party gave back for a refund or return. */
  addReturned(tx: Tx, transactionId: string, debits: readonly PartyDebit[]): Promise<void>;
  /** What each party gave back for one refund, or for the charge's MED return (read from its ledger entries), in `tx`. */
  givenParts(tx: Tx, transactionId: string, cause: ReversibleSplitReturn): Promise<PartyDebit[]>;
  /** The recipient's parts, newest charge first; one charge when `transactionId` is given. */
  recipientShares(sellerId: string, o: { transactionId?: string; limit: number; skip: number }): Promise<{ items: RecipientShare[]; total: number }>;
}

/** The paid parts of a stored split (the payment wrote them). */
export function paidShares(s: StoredSplit): PartyShare[] {
  return s.parties.map((p) => {
    if (p.gross === null || p.fee === null) throw new Error(`split of ${s.transactionId}: party ${p.sellerId} has no paid part`);
    return { sellerId: p.sellerId, role: p.role, gross: p.gross, fee: p.fee };
  });
}

export const returnedOf = (s: StoredSplit): Map<string, Cents> => new Map(s.parties.map((p) => [p.sellerId, p.returned]));
