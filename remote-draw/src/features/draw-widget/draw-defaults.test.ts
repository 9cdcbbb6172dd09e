import { describe, expect, it } from 'vitest';
import { edgeCells, gridOptions, reelOrders, slotOptions, wheelOptions } from './draw-defaults';

const prizes = Array.from({ length: 8 }, (_, i) => ({ fonts: [{ text: `P${i}` }] }));

describe("SPEC §9's defaults", () => {
  it('wheel: speed 20, 2500 ms each way, 300 × 300, 18px sans-serif 400 black on transparent, wrapped at 90 %', () => {
    const options = wheelOptions({ prizes });
    expect(options).toMatchObject({ width: '300px', height: '300px' });
    expect(options.defaultConfig).toEqual({ speed: 20, accelerationTime: 2500, decelerationTime: 2500 });
    expect(options.defaultStyle).toEqual({
      fontSize: '18px',
      fontStyle: 'sans-serif',
      fontWeight: '400',
      fontColor: '#000',
      background: 'transparent',
      wordWrap: true,
      lengthLimit: '90%',
    });
  });

  it('slot machine: vertical, row spacing 0, column spacing 5, direction 1', () => {
    expect(slotOptions({ prizes }).defaultConfig).toEqual({
      speed: 20,
      accelerationTime: 2500,
      decelerationTime: 2500,
      mode: 'vertical',
      rowSpacing: 0,
      colSpacing: 5,
      direction: 1,
    });
  });

  it('grid: 3 × 3, prizes round the edge clockwise, the button in the middle', () => {
    const options = gridOptions({ prizes, buttons: [{ background: '#fff' }] });
    expect(options).toMatchObject({ rows: 3, cols: 3 });
    expect(options.prizes.map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
    expect(options.buttons[0]).toMatchObject({ x: 1, y: 1, col: 1, row: 1 });
  });

  it("keeps the configuration's own values over the defaults", () => {
    const options = slotOptions({ prizes, defaultConfig: { mode: 'horizontal', speed: 10 }, defaultStyle: { fontColor: '#fff' } });
    expect(options.defaultConfig).toMatchObject({ mode: 'horizontal', speed: 10, colSpacing: 5 });
    expect(options.defaultStyle).toMatchObject({ fontColor: '#fff', fontSize: '18px' });
    expect(gridOptions({ prizes: [{ x: 2, y: 2 }] }).prizes[0]).toMatchObject({ x: 2, y: 2 });
  });

  it('gives a slot machine without reels three that show every prize', () => {
    expect(reelOrders({ prizes: prizes.slice(0, 3) })).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1, 2],
    ]);
    expect(reelOrders({ prizes, slots: [{ order: [1, 0] }, {}] })).toEqual([[1, 0], [0, 1, 2, 3, 4, 5, 6, 7]]);
    expect(edgeCells(1, 4)).toHaveLength(4);
  });
});
