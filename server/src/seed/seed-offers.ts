import type { offers } from '../db/schema';

type OfferSeed = Pick<typeof offers.$inferInsert, 'partner' | 'title' | 'texts' | 'icon' | 'url' | 'listPrice' | 'discount'>;

/** Titles in every language, so the demo reads the same wherever it is opened; a size never breaks from its unit. */
const TITLES = {
  data: {
    'en-US': 'Mobile data pack, 10\u00a0GB',
    'hi-IN': 'मोबाइल डेटा पैक, 10\u00a0GB',
    'hi-IND': 'Paket data seluler, 10\u00a0GB',
    'br-BR': 'Paquete de datos móviles, 10\u00a0GB',
    'ur-PK': 'موبائل ڈیٹا پیک، 10\u00a0جی\u00a0بی',
    'bn-BD': 'মোবাইল ডেটা প্যাক, 10\u00a0GB',
    'ph-PH': 'Mobile data pack, 10\u00a0GB',
    'ng-HA': 'Fakitin data na waya, 10\u00a0GB',
  },
  earbuds: {
    'en-US': 'Wireless earbuds',
    'hi-IN': 'वायरलेस ईयरबड्स',
    'hi-IND': 'Earbud nirkabel',
    'br-BR': 'Auriculares inalámbricos',
    'ur-PK': 'وائرلیس ایئربڈز',
    'bn-BD': 'ওয়্যারলেস ইয়ারবাড',
    'ph-PH': 'Wireless na earbuds',
    'ng-HA': 'Belun kunne mara waya',
  },
  grocery: {
    'en-US': 'Grocery voucher',
    'hi-IN': 'किराना वाउचर',
    'hi-IND': 'Voucher belanja kebutuhan',
    'br-BR': 'Vale de supermercado',
    'ur-PK': 'گروسری واؤچر',
    'bn-BD': 'মুদি ভাউচার',
    'ph-PH': 'Grocery voucher',
    'ng-HA': 'Takardar sayayyar kayan abinci',
  },
} as const;

function texts(key: keyof typeof TITLES) {
  return Object.fromEntries(Object.entries(TITLES[key]).map(([language, title]) => [language, { title }]));
}

/**
 * Three demo offers of one currency: usual prices in its minor units (IDR and PKR have none) and
 * the SPEC §9 discount in tenths paid (8 → pay 80 %, 20 % off; 5 → half price; 9 → 10 % off).
 */
function three(base: string, data: number, earbuds: number, grocery: number): OfferSeed[] {
  return [
    { partner: 'NetGo', title: TITLES.data['en-US'], texts: texts('data'), icon: 'data', url: `${base}/data`, listPrice: data, discount: 8 },
    { partner: 'SoundHub', title: TITLES.earbuds['en-US'], texts: texts('earbuds'), icon: 'audio', url: `${base}/earbuds`, listPrice: earbuds, discount: 5 },
    { partner: 'FreshCart', title: TITLES.grocery['en-US'], texts: texts('grocery'), icon: 'grocery', url: `${base}/grocery`, listPrice: grocery, discount: 9 },
  ];
}

// Partner pages on the reserved `.example` domain: the demo never sends earners to a real shop.
const BASE = 'https://partners.example';

export const SEED_OFFERS: Record<string, OfferSeed[]> = {
  USD: three(`${BASE}/us`, 5_00, 39_99, 10_00),
  INR: three(`${BASE}/in`, 249_00, 1_999_00, 500_00),
  IDR: three(`${BASE}/id`, 50_000, 399_000, 100_000),
  PKR: three(`${BASE}/pk`, 1_000, 8_000, 2_000),
  BDT: three(`${BASE}/bd`, 300_00, 2_999_00, 600_00),
  PHP: three(`${BASE}/ph`, 199_00, 1_999_00, 500_00),
  NGN: three(`${BASE}/ng`, 4_000_00, 32_000_00, 8_000_00),
};
