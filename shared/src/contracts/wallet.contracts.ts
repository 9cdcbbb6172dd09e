import { z } from 'zod/mini';
import { hasLetterOrDigit, toPlainText } from './plain-text';
import { endpoint, Empty, Points } from './envelope';
import { LEDGER_REASONS } from './ledger.contracts';
import { CurrencyCode } from './user.contracts';

/**
 * The money-out path (SPEC §7 `/app/pay/*`). Amounts the earner picks are in the minor unit of
 * their currency (paise, cents); what they cost is in hundredths of a point, always decided by
 * the server from the operator's rate and fee (DESIGN §2).
 */

export const PAYMENT_METHODS = ['bank', 'upi', 'wallet'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A bank, UPI app or wallet that pays out in one country; operators edit the list. */
export const Institution = z.object({
  id: z.int(),
  country: z.string(),
  method: PaymentMethod,
  name: z.string(),
});
export type Institution = z.infer<typeof Institution>;

/** India's branch code: four letters of the bank, a zero, six letters or digits (SPEC §9: 11 characters). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI address: `name@handle`. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

/**
 * Account number lengths, in digits, per country: India's 9–18, Nigeria's 10-digit NUBAN,
 * Mexico's 18-digit CLABE, Argentina's 22-digit CBU. Countries not listed take 6–24.
 */
export const BANK_ACCOUNT_DIGITS: Readonly<Record<string, readonly [number, number]>> = {
  IN: [9, 18],
  ID: [10, 16],
  PK: [10, 24],
  BD: [10, 17],
  PH: [10, 16],
  NG: [10, 10],
  US: [4, 17],
  MX: [18, 18],
  CO: [6, 20],
  AR: [22, 22],
  ES: [20, 20],
};
const DEFAULT_ACCOUNT_DIGITS: readonly [number, number] = [6, 24];

export function accountDigitsOf(country: string): readonly [number, number] {
  return BANK_ACCOUNT_DIGITS[country] ?? DEFAULT_ACCOUNT_DIGITS;
}

/** The country whose institutions and rules apply; UPI exists in India only. */
export function methodsOf(country: string): readonly PaymentMethod[] {
  return country === 'IN' ? PAYMENT_METHODS : (['bank', 'wallet'] as const);
}

/** Ids are PostgreSQL integers: one past the largest is no row, and must not reach the database. */
const MAX_ID = 2_147_483_647;
const InstitutionId = z.int({ error: 'validation.institutionRequired' }).check(
  z.gt(0, { error: 'validation.institutionRequired' }),
  z.lte(MAX_ID, { error: 'validation.institutionRequired' }),
);
const PayeeName = z.string({ error: 'validation.cardNameRequired' }).check(
  toPlainText(),
  z.minLength(1, { error: 'validation.cardNameRequired' }),
  z.maxLength(80, { error: 'validation.cardNameLength' }),
  z.refine(hasLetterOrDigit, { error: 'validation.cardNameRequired' }),
);

/** The shape of a saved recipient, before the rules of the earner's country are applied. */
export const RecipientInput = z.object({
  method: PaymentMethod,
  institutionId: InstitutionId,
  name: PayeeName,
  /** Bank account digits (bank), a phone number (wallet), or the UPI address (upi). */
  account: z.string({ error: 'validation.bankNumberRequired' }).check(
    z.trim(),
    z.minLength(1, { error: 'validation.bankNumberRequired' }),
    z.maxLength(64, { error: 'validation.bankNumberLength' }),
  ),
  /** India's bank transfers only. */
  ifsc: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(11, { error: 'validation.ifsc' }))),
});
export type RecipientInput = z.infer<typeof RecipientInput>;

/**
 * The rules of one country, on top of `RecipientInput`: the one check the form runs while the
 * earner types and the server runs before saving. `isPhone` is passed in because the phone
 * metadata is loaded lazily on the client.
 */
export function recipientRules(country: string, isPhone: (country: string, phone: string) => boolean) {
  const [min, max] = accountDigitsOf(country);
  return RecipientInput.check(
    // A bank number is copied as printed, in groups ("1234 5678 9012", "1234-5678"): kept as its digits.
    z.overwrite((value) => (value.method === 'bank' ? { ...value, account: value.account.replace(/[\s-]/g, '') } : value)),
    z.superRefine((value, ctx) => {
      const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: value });
      if (!methodsOf(country).includes(value.method)) issue('validation.methodUnavailable', 'method');
      if (value.method === 'bank') {
        if (!/^\d+$/.test(value.account)) issue('validation.number', 'account');
        else if (value.account.length < min || value.account.length > max) issue('validation.bankNumberLength', 'account');
        if (country === 'IN' && !IFSC_PATTERN.test(value.ifsc ?? '')) issue('validation.ifsc', 'ifsc');
      } else if (value.method === 'upi') {
        if (!VPA_PATTERN.test(value.account)) issue('validation.vpa', 'account');
      } else if (!isPhone(country, value.account)) {
        issue('validation.phoneInvalid', 'account');
      }
    }),
  );
}

export const Recipient = z.object({
  id: z.int(),
  method: PaymentMethod,
  institutionId: z.int(),
  institutionName: z.string(),
  name: z.string(),
  /** Only the last four characters are ever sent back (`•••• 1234`, `na•••@upi`). */
  maskedAccount: z.string(),
  ifsc: z.nullable(z.string()),
  /** The bank behind the IFSC, from the offline IFSC data, when known. */
  bankName: z.nullable(z.string()),
  /** A new or changed recipient cannot be paid before this time (ISO); null once it has passed. */
  coolingOffUntil: z.nullable(z.string()),
  /** False once an operator has switched its institution off: another must be chosen before a withdrawal. */
  available: z.boolean(),
});
export type Recipient = z.infer<typeof Recipient>;

/** The operator's withdrawal settings for the earner's currency. */
export const WithdrawOptions = z.object({
  currency: CurrencyCode,
  fractionDigits: z.int(),
  /** Value of one point in millionths of the currency's major unit. */
  microsPerPoint: z.int(),
  /** Amounts offered, in minor units of the currency. */
  presets: z.array(z.int()),
  minAmount: z.int(),
  /** Fee in basis points of the points consumed, and its floor in hundredths of a point. */
  feeBps: z.int(),
  feeMinPoints: Points,
  dailyCount: z.int(),
  /** Already used today by this earner: requests and amount (minor units). */
  usedTodayCount: z.int(),
  dailyAmount: z.int(),
  usedTodayAmount: z.int(),
  coolingOffHours: z.int(),
  methods: z.array(PaymentMethod),
});
export type WithdrawOptions = z.infer<typeof WithdrawOptions>;

/** What an amount costs, in hundredths of a point: the same arithmetic on client and server. */
export interface WithdrawQuote {
  points: number;
  fee: number;
  total: number;
}

export function quoteWithdrawal(amountMinor: number, options: Pick<WithdrawOptions, 'fractionDigits' | 'microsPerPoint' | 'feeBps' | 'feeMinPoints'>): WithdrawQuote {
  // BigInt: an IDR amount times 10^6 leaves double precision long before it leaves the form.
  const micros = BigInt(amountMinor) * 10n ** BigInt(6 - options.fractionDigits) * 100n;
  const rate = BigInt(options.microsPerPoint);
  const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
  const points = Number(ceilDiv(micros, rate));
  // The total is rounded up once, from the exact cost with the fee, and the fee is what it adds to
  // the points: rounding the points and then the fee up again would charge a hundredth more, so a
  // rate chosen to make ₹100 cost 1,200 points with its fee would show 1,200.01.
  const totalByRate = Number(ceilDiv(micros * BigInt(10_000 + options.feeBps), rate * 10_000n));
  const fee = Math.max(totalByRate - points, options.feeMinPoints);
  return { points, fee, total: points + fee };
}

export const WITHDRAW_STATUSES = ['in_progress', 'success', 'failed'] as const;
export const WithdrawStatus = z.enum(WITHDRAW_STATUSES);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;

/** A positive whole number of minor units, small enough to stay exact through every conversion. */
export const MAX_WITHDRAW_MINOR = 1_000_000_000;

export const PayWithdrawBody = z.object({
  amount: z.int({ error: 'validation.amountRequired' }).check(z.gt(0, { error: 'validation.amountRequired' }), z.lte(MAX_WITHDRAW_MINOR, { error: 'validation.amountTooLarge' })),
  recipientId: z.int({ error: 'validation.recipientRequired' }).check(z.gt(0, { error: 'validation.recipientRequired' }), z.lte(MAX_ID, { error: 'validation.recipientRequired' })),
  /** One per tap of Confirm: a retry with the same key returns the same order. */
  idempotencyKey: z.string({ error: 'validation.form' }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'validation.form' })),
});
export type PayWithdrawBody = z.infer<typeof PayWithdrawBody>;

export const WithdrawOrder = z.object({
  id: z.int(),
  status: WithdrawStatus,
  /** Minor units of `currency`. */
  amount: z.int(),
  currency: CurrencyCode,
  fractionDigits: z.int(),
  method: PaymentMethod,
  institutionName: z.string(),
  maskedAccount: z.string(),
  points: Points,
  fee: Points,
  total: Points,
  /** Waiting for an operator's approval before it is sent. */
  awaitingApproval: z.boolean(),
  requestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** An i18n key under `payouts.` when the provider gave a known reason, else its own words. */
  failureReason: z.nullable(z.string()),
});
export type WithdrawOrder = z.infer<typeof WithdrawOrder>;

const Page = z.optional(z.int().check(z.gte(1), z.lte(10_000)));
const PageSize = z.optional(z.int().check(z.gte(1), z.lte(50)));

export const WithdrawLogBody = z.object({ status: z.optional(WithdrawStatus), page: Page, pageSize: PageSize });
export const WithdrawLog = z.object({ items: z.array(WithdrawOrder), total: z.int(), page: z.int(), pageSize: z.int() });
export type WithdrawLog = z.infer<typeof WithdrawLog>;

/** The kinds the earnings page filters by; each maps to ledger reasons. */
export const EARNING_KINDS = ['task_reward', 'team_bonus', 'prize', 'welcome_bonus', 'withdrawal', 'refund'] as const;
export const EarningKind = z.enum(EARNING_KINDS);
export type EarningKind = z.infer<typeof EarningKind>;

export const LedgerLine = z.object({
  id: z.int(),
  /** Signed hundredths of a point: credits positive, debits negative. */
  amount: z.int(),
  reason: z.enum(LEDGER_REASONS),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

const QueryPage = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))));
const QueryPageSize = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(50))));
export const EarningsLogQuery = z.object({ kind: z.optional(EarningKind), page: QueryPage, pageSize: QueryPageSize });
export const EarningsLog = z.object({ items: z.array(LedgerLine), total: z.int(), page: z.int(), pageSize: z.int() });
export type EarningsLog = z.infer<typeof EarningsLog>;

export const institutionList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/pay/institutionList',
  auth: true,
  input: z.object({ method: z.optional(PaymentMethod) }),
  data: z.array(Institution),
});
export const withdrawOptions = endpoint({ api: 'main', method: 'GET', path: '/app/pay/withdraw-options', auth: true, input: Empty, data: WithdrawOptions });
export const userRecipient = endpoint({ api: 'main', method: 'GET', path: '/app/pay/userRecipient', auth: true, input: Empty, data: z.nullable(Recipient) });
export const userRecipientSave = endpoint({ sends: true, api: 'main', method: 'POST', path: '/app/pay/userRecipientSave', auth: true, input: RecipientInput, data: Recipient });
export const payWithdraw = endpoint({ sends: true, api: 'main', method: 'POST', path: '/app/pay/pay-withdraw', auth: true, input: PayWithdrawBody, data: WithdrawOrder });
export const withdrawLog = endpoint({ api: 'main', method: 'POST', path: '/app/pay/withdraw-log', auth: true, input: WithdrawLogBody, data: WithdrawLog });
export const earningsLog = endpoint({ api: 'main', method: 'GET', path: '/app/user/earnings-log', auth: true, input: EarningsLogQuery, data: EarningsLog });
