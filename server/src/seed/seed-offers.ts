import type { offers } from '../db/schema';

type OfferSeed = Omit<typeof offers.$inferInsert, 'currency' | 'position'>;

/** Titles in every language, so the demo reads the same wherever it is opened. */
const TITLES = {
  data: {
    'en-US': 'Mobile data pack, 10 GB',
    'hi-IN': 'मोबाइल डेटा पैक, 10 GB',
    'hi-IND': 'Paket data seluler, 10 GB',
    'br-BR': 'Paquete de datos móviles, 10 GB',
    'ur-PK': 'موبائل ڈیٹا پیک، 10 GB',
    'bn-BD': 'মোবাইল ডেটা প্যাক, 10 GB',
    'ph-PH': 'Mobile data pack, 10 GB',
    'ng-HA': 'Fakitin data na waya, 10 GB',
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

/** Three demo offers; prices in minor units of each currency (IDR and PKR have none). */
function three(data: [number, number], earbuds: [number, number], grocery: [number, number], base: string): OfferSeed[] {
  return [
    { partner: 'NetGo', title: TITLES.data['en-US'], texts: texts('data'), url: `${base}/data`, price: data[0], listPrice: data[1] },
    { partner: 'SoundHub', title: TITLES.earbuds['en-US'], texts: texts('earbuds'), url: `${base}/earbuds`, price: earbuds[0], listPrice: earbuds[1] },
    { partner: 'FreshCart', title: TITLES.grocery['en-US'], texts: texts('grocery'), url: `${base}/grocery`, price: grocery[0], listPrice: grocery[1] },
  ];
}

// Partner pages on the reserved `.example` domain: the demo never sends earners to a real shop.
const BASE = 'https://partners.example';

export const SEED_OFFERS: Record<string, OfferSeed[]> = {
  USD: three([400, 500], [1_999, 3_999], [900, 1_000], `${BASE}/us`),
  INR: three([19_900, 24_900], [99_900, 199_900], [45_000, 50_000], `${BASE}/in`),
  IDR: three([40_000, 50_000], [199_000, 399_000], [90_000, 100_000], `${BASE}/id`),
  PKR: three([800, 1_000], [3_999, 7_999], [1_800, 2_000], `${BASE}/pk`),
  BDT: three([24_000, 30_000], [149_900, 299_900], [54_000, 60_000], `${BASE}/bd`),
  PHP: three([15_900, 19_900], [99_900, 199_900], [45_000, 50_000], `${BASE}/ph`),
  NGN: three([320_000, 400_000], [1_600_000, 3_200_000], [720_000, 800_000], `${BASE}/ng`),
};
