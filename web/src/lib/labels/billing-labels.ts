import type { Labels } from './label';

/**
 * Codes of the two kinds of billing that the schema sends as strings, not enums: the
 * terms of a charge with a due date (API Pix cobv) and a PIX Automático recurrence.
 * A test compares each family with the list the API validates against.
 */
export const BILLING_LABELS = {
  /** a fine or an abatement: a fixed amount or a percentage of the original */
  DueDateFixedOrPercent: {
    FIXED: ['Valor fixo', 'Fixed amount'],
    PERCENT: ['Percentual', 'Percentage'],
  },
  DueDateInterest: {
    AMOUNT_PER_CALENDAR_DAY: ['Valor por dia corrido', 'Amount per calendar day'],
    PERCENT_PER_DAY_CALENDAR_DAYS: ['% ao dia, dias corridos', '% a day, calendar days'],
    PERCENT_PER_MONTH_CALENDAR_DAYS: ['% ao mês, dias corridos', '% a month, calendar days'],
    PERCENT_PER_YEAR_CALENDAR_DAYS: ['% ao ano, dias corridos', '% a year, calendar days'],
    AMOUNT_PER_BUSINESS_DAY: ['Valor por dia útil', 'Amount per business day'],
    PERCENT_PER_DAY_BUSINESS_DAYS: ['% ao dia, dias úteis', '% a day, business days'],
    PERCENT_PER_MONTH_BUSINESS_DAYS: ['% ao mês, dias úteis', '% a month, business days'],
    PERCENT_PER_YEAR_BUSINESS_DAYS: ['% ao ano, dias úteis', '% a year, business days'],
  },
  DueDateDiscount: {
    FIXED_UNTIL_DATES: ['Valor fixo até as datas', 'Fixed amount until dates'],
    PERCENT_UNTIL_DATES: ['Percentual até as datas', 'Percentage until dates'],
    AMOUNT_PER_CALENDAR_DAY_EARLY: ['Valor por dia corrido antecipado', 'Amount per calendar day early'],
    AMOUNT_PER_BUSINESS_DAY_EARLY: ['Valor por dia útil antecipado', 'Amount per business day early'],
    PERCENT_PER_CALENDAR_DAY_EARLY: ['% por dia corrido antecipado', '% per calendar day early'],
    PERCENT_PER_BUSINESS_DAY_EARLY: ['% por dia útil antecipado', '% per business day early'],
  },
  RecurrenceStatus: {
    CREATED: ['Aguardando autorização', 'Awaiting authorisation'],
    APPROVED: ['Autorizada', 'Authorised'],
    REJECTED: ['Recusada', 'Rejected'],
    EXPIRED: ['Expirada', 'Expired'],
    CANCELLED: ['Cancelada', 'Cancelled'],
  },
  RecurrencePeriod: {
    WEEKLY: ['Semanal', 'Weekly'],
    MONTHLY: ['Mensal', 'Monthly'],
    QUARTERLY: ['Trimestral', 'Quarterly'],
    HALF_YEARLY: ['Semestral', 'Half-yearly'],
    YEARLY: ['Anual', 'Yearly'],
  },
  RecurrenceJourney: {
    PUSH_REQUEST: ['Solicitação ao banco do pagador', "Request to the payer's bank"],
    QR: ['QR Code de autorização', 'Authorisation QR code'],
    QR_WITH_FIRST_PAYMENT: ['QR Code com primeiro pagamento', 'QR code with a first payment'],
  },
  RecurrenceAmountType: {
    FIXED: ['Valor fixo', 'Fixed amount'],
    VARIABLE: ['Valor variável', 'Variable amount'],
  },
  RecurrenceRetryPolicy: {
    NONE: ['Sem novas tentativas', 'No retries'],
    THREE_IN_SEVEN_DAYS: ['Até 3 tentativas em 7 dias', 'Up to 3 retries in 7 days'],
  },
  /** a cycle of a recurrence (API Pix cobr), from made to settled */
  RecurrenceCycleStatus: {
    SCHEDULED: ['Agendado', 'Scheduled'],
    ACTIVE: ['Aguardando pagamento', 'Awaiting payment'],
    FAILED: ['Não pago', 'Not paid'],
    PAID: ['Pago', 'Paid'],
    MISSED: ['Não enviado', 'Not sent'],
    CANCELLED: ['Cancelado', 'Cancelled'],
  },
  RecurrencePushRequest: {
    SENT: ['Enviada ao banco', 'Sent to the bank'],
    ACCEPTED: ['Aceita', 'Accepted'],
    REJECTED: ['Recusada', 'Rejected'],
    EXPIRED: ['Expirada', 'Expired'],
  },
  RecurrenceEndedBy: {
    SELLER: ['Vendedor', 'Seller'],
    PAYER: ['Pagador', 'Payer'],
    PAYER_INSTITUTION: ['Banco do pagador', "The payer's bank"],
    SYSTEM: ['PixPay', 'PixPay'],
  },
} as const satisfies Record<string, Labels>;

/** A family's codes in the order the labels list them: the choices of a select. */
export const billingCodes = <F extends keyof typeof BILLING_LABELS>(family: F) => Object.keys(BILLING_LABELS[family]) as (keyof (typeof BILLING_LABELS)[F] & string)[];
