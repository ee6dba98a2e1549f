/** A statement line as the GraphQL statement answers it. */
export interface StatementCsvEntry {
  id: string;
  createdAt: string;
  type: string;
  amount: number;
  description: string;
  transactionId?: string | null;
  withdrawalId?: string | null;
  /** the credit of a paid charge with a due date: what its amount is made of */
  amountComponents?: { original: number; fine: number; interest: number; abatement: number; discount: number } | null;
}

const COMPONENTS = ['original', 'fine', 'interest', 'abatement', 'discount'] as const;

/** The statement export's columns: the line, then the components of a due-date charge's payment (empty on other lines). */
export const STATEMENT_CSV_HEADER = ['id', 'createdAt', 'type', 'amount', 'description', 'transactionId', 'withdrawalId', ...COMPONENTS.map((c) => `${c}Amount`)];

export function statementCsvRow(e: StatementCsvEntry): unknown[] {
  return [e.id, e.createdAt, e.type, e.amount, e.description, e.transactionId, e.withdrawalId, ...COMPONENTS.map((c) => e.amountComponents?.[c])];
}
