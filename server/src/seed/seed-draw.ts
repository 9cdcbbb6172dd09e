import type { DrawConfig, DrawRules } from '@grab/shared/contracts';

const COLOURS = ['#fff4d6', '#ffe1b3'];

/** Points of each prize and its weight out of 10,000: small prizes often, the large one rarely. */
const PRIZES: { points: number; weight: number }[] = [
  { points: 1, weight: 3_000 },
  { points: 2, weight: 2_500 },
  { points: 5, weight: 2_000 },
  { points: 10, weight: 1_200 },
  { points: 20, weight: 700 },
  { points: 50, weight: 400 },
  { points: 100, weight: 150 },
  { points: 500, weight: 50 },
];

/** The first configuration of the draw; an operator's later one is a new row beside it. */
export const SEED_DRAW_CONFIG: DrawConfig = {
  dayWidgets: ['wheel', 'grid', 'slot'],
  prizes: PRIZES.map((p, i) => ({
    amount: p.points * 100,
    weight: p.weight,
    background: COLOURS[i % COLOURS.length],
    borderRadius: 8,
    fonts: [{ text: `+${p.points}`, fontSize: '20px', fontColor: '#7a3b00', fontWeight: 700, top: '30%' }],
  })),
  // The buttons' 'GO' sets the look of their word: the earner app draws the word in the earner's
  // language in its place (remote-draw, button-label.ts).
  wheel: {
    blocks: [{ padding: '12px', background: '#ff9f1c' }],
    buttons: [
      { radius: '40%', background: '#ff6b00' },
      { radius: '32%', background: '#ffb347', pointer: true, fonts: [{ text: 'GO', fontSize: '22px', fontColor: '#ffffff', fontWeight: 700, top: '-14px' }] },
    ],
  },
  grid: {
    blocks: [{ padding: '10px', background: '#ff9f1c' }],
    buttons: [{ background: '#ff6b00', borderRadius: 8, fonts: [{ text: 'GO', fontSize: '22px', fontColor: '#ffffff', fontWeight: 700, top: '30%' }] }],
  },
  slot: {
    blocks: [{ padding: '10px', background: '#ff9f1c' }],
    slots: [{ speed: 20, direction: 1 }, { speed: 20, direction: 1 }, { speed: 20, direction: 1 }],
  },
};

export const SEED_DRAW_RULES: DrawRules = { dailySpins: 1, spinsPerAuditTask: 1 };
