import type { PaymentMethod } from '@grab/shared/contracts';

/**
 * Where earners can be paid, per country of the eight languages' markets (and the USD markets of
 * the English and Spanish ones). Seeded once; operators edit the rows afterwards.
 */
export const SEED_INSTITUTIONS: Readonly<Record<string, Partial<Record<PaymentMethod, readonly string[]>>>> = {
  IN: {
    bank: ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Punjab National Bank', 'Axis Bank', 'Bank of Baroda', 'Kotak Mahindra Bank', 'Canara Bank'],
    upi: ['UPI'],
    wallet: ['Paytm', 'PhonePe', 'MobiKwik', 'Amazon Pay'],
  },
  ID: { bank: ['BCA', 'BRI', 'Bank Mandiri', 'BNI', 'CIMB Niaga'], wallet: ['GoPay', 'OVO', 'DANA', 'ShopeePay'] },
  PK: { bank: ['HBL', 'UBL', 'MCB Bank', 'Meezan Bank', 'Allied Bank', 'Bank Alfalah'], wallet: ['JazzCash', 'Easypaisa', 'SadaPay'] },
  BD: { bank: ['Dutch-Bangla Bank', 'BRAC Bank', 'Islami Bank Bangladesh', 'Sonali Bank', 'City Bank'], wallet: ['bKash', 'Nagad', 'Rocket', 'Upay'] },
  PH: { bank: ['BDO Unibank', 'BPI', 'Metrobank', 'Land Bank of the Philippines', 'Security Bank'], wallet: ['GCash', 'Maya', 'GrabPay'] },
  NG: { bank: ['Access Bank', 'GTBank', 'Zenith Bank', 'First Bank of Nigeria', 'UBA', 'Kuda'], wallet: ['OPay', 'PalmPay', 'Moniepoint'] },
  US: { bank: ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank'], wallet: ['Cash App', 'Venmo'] },
  MX: { bank: ['BBVA México', 'Banorte', 'Santander México', 'Banamex'], wallet: ['Mercado Pago', 'Spin by OXXO'] },
  CO: { bank: ['Bancolombia', 'Banco de Bogotá', 'Davivienda'], wallet: ['Nequi', 'Daviplata'] },
  AR: { bank: ['Banco Nación', 'Banco Galicia', 'Banco Santander Argentina'], wallet: ['Mercado Pago', 'Ualá'] },
  ES: { bank: ['CaixaBank', 'Banco Santander', 'BBVA'], wallet: ['Bizum'] },
};

/**
 * The operator's first withdrawal rules per currency. Presets and limits are minor units; at the
 * seeded rates the smallest preset is worth about 1,000 to 1,200 points everywhere, and the fee is
 * 2 % of the points with a floor of 5 points.
 */
export const SEED_WITHDRAW_SETTINGS = [
  { currency: 'USD', presets: [100, 200, 500, 1_000, 2_000, 5_000] },
  { currency: 'INR', presets: [10_000, 20_000, 50_000, 100_000, 200_000, 500_000] },
  { currency: 'IDR', presets: [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000] },
  { currency: 'PKR', presets: [300, 500, 1_000, 2_000, 5_000, 10_000] },
  { currency: 'BDT', presets: [12_000, 25_000, 50_000, 100_000, 250_000, 500_000] },
  { currency: 'PHP', presets: [6_000, 10_000, 20_000, 50_000, 100_000, 250_000] },
  { currency: 'NGN', presets: [150_000, 300_000, 500_000, 1_000_000, 2_000_000, 5_000_000] },
].map((s) => ({
  ...s,
  minAmount: s.presets[0] as number,
  feeBps: 200,
  feeMinPoints: 5_00,
  dailyCount: 3,
  dailyAmount: (s.presets.at(-1) as number) * 2,
  // The two largest presets wait for a payout operator.
  approvalAbove: s.presets.at(-3) as number,
}));
