/**
 * Examples shown in the document, shaped like real answers of the sandbox (ids, codes
 * and URLs as the service produces them; the contract tests validate the live answers
 * against the same schemas these examples illustrate).
 */
const TX = 'tx_k8m2q4w7c1z9v3b5n6h0j2l4';

export const CHARGE = {
  id: TX,
  amount: 5000,
  paymentMethod: 'PIX',
  status: 'PENDING',
  createdAt: '2026-05-04T12:00:00.000Z',
  updatedAt: '2026-05-04T12:00:00.000Z',
  providerReference: 'sbx_3f9a1c7e2b',
  customer: { name: 'Maria Souza', email: 'maria@example.com', document: '52998224725', documentType: 'CPF' },
  description: 'Pedido 42',
  pix: {
    copyPaste:
      '00020101021226810014br.gov.bcb.pix2559127.0.0.1:3000/pix/qr/loc_w2x8c4v9b1n5m7q3z6k0j2h45204000053039865405' +
      '50.005802BR5910Minha Loja6009SAO PAULO62070503***6304A1B2',
    qrCode: 'http://127.0.0.1:3000/pix/qr/loc_w2x8c4v9b1n5m7q3z6k0j2h4.png',
    expiresAt: '2026-05-04T13:00:00.000Z',
  },
};

export const CHARGE_EXAMPLE = { status: true, data: CHARGE };

export const PAID_CHARGE = { ...CHARGE, status: 'PAID', paidAt: '2026-05-04T12:00:30.000Z', end2endId: 'E00000000202605041200s0a1b2c3d4e', feeAmount: 50, netAmount: 4950, updatedAt: '2026-05-04T12:00:30.000Z' };

export const REFUNDED_EXAMPLE = { status: true, data: { ...PAID_CHARGE, status: 'PARTIALLY_REFUNDED', refundedAmount: 1000, refundType: 'PARTIAL' } };

export const CHARGE_LIST_EXAMPLE = { status: true, data: { items: [PAID_CHARGE], total: 1, limit: 50, offset: 0 } };

const WITHDRAWAL = {
  id: 'wd_p4l7k2j9h3g8f1d6s5a0q2w4',
  amount: 1000,
  method: 'PIX',
  pixKey: 'maria@example.com',
  pixKeyType: 'EMAIL',
  status: 'PENDING',
  end2end: null,
  approvedAt: null,
  processedAt: null,
  metadata: null,
  createdAt: '2026-05-04T12:05:00.000Z',
};

export const WITHDRAWAL_EXAMPLE = { status: true, data: WITHDRAWAL };

const WITHDRAWAL_DETAIL = {
  ...WITHDRAWAL,
  feeAmount: 100,
  totalAmount: 1100,
  description: null,
  externalReference: null,
  beneficiaryName: null,
  beneficiaryDocumentType: null,
  beneficiaryDocumentNumber: null,
  failureReason: null,
  waitingReason: null,
  updatedAt: '2026-05-04T12:05:00.000Z',
};

export const WITHDRAWAL_DETAIL_EXAMPLE = { status: true, data: WITHDRAWAL_DETAIL };
export const WITHDRAWAL_LIST_EXAMPLE = { status: true, data: { data: [WITHDRAWAL_DETAIL], count: 1, take: 10, skip: 0 } };

export const WITHDRAWAL_CSV_EXAMPLE =
  'id,createdAt,status,amount,feeAmount,totalAmount,method,pixKeyType,pixKey,end2end,...\r\nwd_p4l7k2j9h3g8f1d6s5a0q2w4,2026-05-04T12:05:00.000Z,PENDING,1000,100,1100,PIX,EMAIL,maria@example.com,,...\r\n';

const DISPUTE = {
  id: 'dsp_m3n8b2v7c4x9z1l6k5j0h2g4',
  transactionId: TX,
  status: 'OPEN',
  origin: 'CONTESTATION',
  amount: 5000,
  blockedAmount: 4950,
  owedAmount: 0,
  appealDeadline: '2026-05-11T12:10:00.000Z',
  createdAt: '2026-05-04T12:10:00.000Z',
  updatedAt: '2026-05-04T12:10:00.000Z',
};

export const DISPUTE_EXAMPLE = { status: true, data: { ...DISPUTE, evidence: [] } };
export const DISPUTE_LIST_EXAMPLE = { status: true, data: { data: [DISPUTE], count: 1, take: 10, skip: 0 } };
export const APPEAL_EXAMPLE = {
  status: true,
  data: { id: DISPUTE.id, status: 'UNDER_REVIEW', appealReason: 'The customer received the goods: tracking attached.' },
  uploadedFiles: 1,
  message: 'Appeal received with 1 file; the dispute is under review',
};

export const WALLET_EXAMPLE = {
  status: true,
  data: {
    balancePix: 4950,
    balanceBoleto: 0,
    balanceCard: 0,
    balanceTotal: 4950,
    balanceBlocked: 0,
    balanceDebt: 0,
    currency: 'BRL',
    updatedAt: '2026-05-04T12:00:30.000Z',
    recentMovements: [
      { id: 'le_2', amount: 50, type: 'DEBIT', description: 'PIX fee', createdAt: '2026-05-04T12:00:30.000Z', transactionId: TX },
      { id: 'le_1', amount: 5000, type: 'CREDIT', description: 'PIX received', createdAt: '2026-05-04T12:00:30.000Z', transactionId: TX },
    ],
  },
};

export const BALANCE_EXAMPLE = { status: true, data: { available: 4950, blocked: 0, total: 4950, debt: 0, currency: 'BRL' } };
export const STATEMENT_EXAMPLE = { status: true, data: WALLET_EXAMPLE.data.recentMovements, count: 2 };
export const SUMMARY_EXAMPLE = { status: true, data: { totalCredits: 5000, totalDebits: 50, totalFees: 50, netBalance: 4950, period: { startDate: '2026-05-01', endDate: '2026-05-31' } } };

export const WEBHOOK = {
  id: 'wh_c7v2b9n4m1x8z3l6k0j5h2g4',
  eventType: 'ALL',
  url: 'https://shop.example/webhooks/pixpay',
  description: null,
  secretLast4: 'x9Qa',
  createdAt: '2026-05-04T11:55:00.000Z',
  updatedAt: '2026-05-04T11:55:00.000Z',
  secretRotatedAt: null,
  state: 'ACTIVE',
  stateChangedAt: null,
  stateReason: null,
  maxDeliveriesPerSecond: null,
};

export const WEBHOOK_CREATED_EXAMPLE = { status: true, data: { ...WEBHOOK, secret: 'whsec_8Jd0cQ1yT4uV7wX2zA5bC8eF1hI4kL7nO0qR3tU6x9Qa' } };

export const DELIVERY = {
  id: 'dlv_h4g7f2d9s1a6q3w8e5r0t2y4',
  eventId: 'evt_n2b7v4c9x1z6l3k8j5h0g2f4',
  eventType: 'TRANSACTION_PAID',
  resourceType: 'TRANSACTION',
  resourceId: TX,
  target: 'ENDPOINT',
  webhookId: WEBHOOK.id,
  url: WEBHOOK.url,
  trigger: 'EVENT',
  status: 'DELIVERED',
  attempts: 1,
  cycle: 1,
  nextAttemptAt: null,
  expiresAt: '2026-05-05T12:00:30.000Z',
  lastAttemptAt: '2026-05-04T12:00:30.120Z',
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: '2026-05-04T12:00:30.120Z',
  replayOf: null,
  createdAt: '2026-05-04T12:00:30.000Z',
};

/** A TRANSACTION_PAID body as delivered (personal data masked, signature over the rest). */
export const TRANSACTION_PAID_PAYLOAD = {
  ...PAID_CHARGE,
  customer: { name: 'M**** S****', email: 'm****@example.com', document: '***.982.247-**', documentType: 'CPF' },
  eventType: 'TRANSACTION_PAID',
  version: '1',
  expires_at: '2026-05-05T12:00:30.000Z',
  signature: 'v1=0lq9x3mJ8b5c2Zr4n7TfK1wYvA6sD9gH3jL0pE2uQ8o',
};
