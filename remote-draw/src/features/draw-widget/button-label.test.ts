import type { GridConfig, WheelConfig } from '@grab/shared/contracts';
import { describe, expect, it } from 'vitest';
import { withButtonLabel } from './button-label';

const prizes = [{ fonts: [{ text: '+1' }] }, { fonts: [{ text: '+2' }] }];
const PAGE_FONT = '"Noto Sans", "Noto Nastaliq Urdu", sans-serif';

// The seed's wheel: an outer ring without text, and the pointer button with the operator's "GO".
const seedWheel: WheelConfig = {
  prizes,
  buttons: [
    { radius: '40%', background: '#ff6b00' },
    { radius: '32%', background: '#ffb347', pointer: true, fonts: [{ text: 'GO', fontSize: '22px', fontColor: '#ffffff', fontWeight: 700, top: '-14px' }] },
  ],
};

describe('the word on the drawn button', () => {
  it("puts the earner's word on the seed's GO and keeps the operator's colour, size, weight and position", () => {
    const drawn = withButtonLabel<'wheel'>(seedWheel, 'شروع', PAGE_FONT);
    expect(drawn.buttons).toEqual([
      { radius: '40%', background: '#ff6b00' },
      {
        radius: '32%',
        background: '#ffb347',
        pointer: true,
        fonts: [{ text: 'شروع', fontSize: '22px', fontColor: '#ffffff', fontWeight: 700, top: '-14px', wordWrap: false, fontStyle: PAGE_FONT }],
      },
    ]);
    expect(drawn.prizes).toBe(prizes);
    // The operator's configuration itself is left as it was.
    expect(seedWheel.buttons?.[1]?.fonts?.[0]?.text).toBe('GO');
  });

  it('replaces any word an operator wrote, not only the default', () => {
    const grid: GridConfig = { prizes, buttons: [{ background: '#077046', fonts: [{ text: 'Spin now!', fontColor: '#fff', top: '35%' }] }] };
    expect(withButtonLabel<'grid'>(grid, 'शुरू').buttons?.[0]?.fonts).toEqual([{ text: 'शुरू', fontColor: '#fff', top: '35%', wordWrap: false }]);
  });

  it('keeps symbols and figures, which read the same in every language, and drops a second word nothing can translate', () => {
    const wheel: WheelConfig = {
      prizes,
      buttons: [
        { fonts: [{ text: '▶', top: '-30px' }, { text: 'LUCKY', top: '-10px' }, { text: '×2', top: '10px' }, { text: 'GO', top: '20px' }] },
        { fonts: [{ text: '★' }] },
        { fonts: [{ text: '' }] },
      ],
    };
    expect(withButtonLabel<'wheel'>(wheel, 'JUGAR').buttons).toEqual([
      { fonts: [{ text: '▶', top: '-30px' }, { text: 'JUGAR', top: '-10px', wordWrap: false }, { text: '×2', top: '10px' }] },
      { fonts: [{ text: '★' }] },
      { fonts: [{ text: '' }] },
    ]);
  });

  it("keeps the operator's font family, on the font or as the configuration's default", () => {
    const own: WheelConfig = { prizes, buttons: [{ fonts: [{ text: 'GO', fontStyle: 'serif' }] }] };
    expect(withButtonLabel<'wheel'>(own, 'FARA', PAGE_FONT).buttons?.[0]?.fonts?.[0]?.fontStyle).toBe('serif');
    const byDefault: WheelConfig = { ...seedWheel, defaultStyle: { fontStyle: 'monospace' } };
    expect(withButtonLabel<'wheel'>(byDefault, 'FARA', PAGE_FONT).buttons?.[1]?.fonts?.[0]).not.toHaveProperty('fontStyle');
  });

  it('leaves a configuration without buttons as it is (the slot machine has none)', () => {
    const slot = { prizes, slots: [{}, {}, {}] };
    expect(withButtonLabel<'slot'>(slot, 'GO', PAGE_FONT)).toBe(slot);
  });
});
