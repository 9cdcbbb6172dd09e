import type { DrawButton, DrawPrizeLook, DrawSlot, GridConfig, SlotMachineConfig, WheelConfig } from '@grab/shared/contracts';

/** SPEC §9's defaults of the draw widgets. lucky-canvas has most of them too; we set them ourselves so
 * a library update cannot change what the earner sees. */
export const DRAW_DEFAULTS = {
  speed: 20,
  accelerationTime: 2500,
  decelerationTime: 2500,
  slot: { mode: 'vertical', rowSpacing: 0, colSpacing: 5, direction: 1 },
  grid: { rows: 3, cols: 3 },
  width: '300px',
  height: '300px',
  style: {
    fontSize: '18px',
    fontStyle: 'sans-serif',
    fontWeight: '400',
    fontColor: '#000',
    background: 'transparent',
    wordWrap: true,
    lengthLimit: '90%',
  },
  /** Not in SPEC §9: a slot machine configured without reels gets three, each showing every prize. */
  reels: 3,
} as const;

export type DrawKind = 'wheel' | 'grid' | 'slot';
export type DrawConfigOf<K extends DrawKind> = K extends 'wheel' ? WheelConfig : K extends 'grid' ? GridConfig : SlotMachineConfig;

const timing = { speed: DRAW_DEFAULTS.speed, accelerationTime: DRAW_DEFAULTS.accelerationTime, decelerationTime: DRAW_DEFAULTS.decelerationTime };

/** The cells round the edge of a rows × cols grid, clockwise from the top left. */
export function edgeCells(rows: number, cols: number): { x: number; y: number }[] {
  if (rows === 1) return Array.from({ length: cols }, (_, x) => ({ x, y: 0 }));
  if (cols === 1) return Array.from({ length: rows }, (_, y) => ({ x: 0, y }));
  const cells: { x: number; y: number }[] = [];
  for (let x = 0; x < cols; x++) cells.push({ x, y: 0 });
  for (let y = 1; y < rows; y++) cells.push({ x: cols - 1, y });
  for (let x = cols - 2; x >= 0; x--) cells.push({ x, y: rows - 1 });
  for (let y = rows - 2; y > 0; y--) cells.push({ x: 0, y });
  return cells;
}

/** Prizes without a cell go round the edge in order; buttons without one fill the middle. */
function placeGrid(prizes: readonly DrawPrizeLook[], buttons: readonly DrawButton[], rows: number, cols: number) {
  const edge = edgeCells(rows, cols);
  const placedPrizes = prizes.map((prize, index) => {
    if (prize.x !== undefined && prize.y !== undefined) return prize;
    const cell = edge[index % edge.length] ?? { x: 0, y: 0 };
    return { ...prize, ...cell };
  });
  const inner = { x: rows > 2 && cols > 2 ? 1 : 0, y: rows > 2 && cols > 2 ? 1 : 0, col: Math.max(1, cols - 2), row: Math.max(1, rows - 2) };
  const placedButtons = buttons.map((button) => (button.x !== undefined && button.y !== undefined ? button : { ...button, ...inner }));
  return { prizes: placedPrizes, buttons: placedButtons };
}

/** Each reel's order: the prizes it shows. A reel without one shows every prize in turn. */
export function reelOrders(config: SlotMachineConfig): number[][] {
  const all = config.prizes.map((_, index) => index);
  const slots: DrawSlot[] = config.slots?.length ? config.slots : Array.from({ length: DRAW_DEFAULTS.reels }, () => ({}));
  return slots.map((slot) => (slot.order?.length ? [...slot.order] : all));
}

/** The configuration lucky-canvas is given: SPEC §3's fields with SPEC §9's defaults filled in. */
export function wheelOptions(config: WheelConfig) {
  return {
    ...config,
    width: config.width ?? DRAW_DEFAULTS.width,
    height: config.height ?? DRAW_DEFAULTS.height,
    defaultStyle: { ...DRAW_DEFAULTS.style, ...config.defaultStyle },
    defaultConfig: { ...timing, ...config.defaultConfig },
  };
}

export function gridOptions(config: GridConfig) {
  const rows = config.rows ?? DRAW_DEFAULTS.grid.rows;
  const cols = config.cols ?? DRAW_DEFAULTS.grid.cols;
  return {
    ...config,
    ...placeGrid(config.prizes, config.buttons ?? [], rows, cols),
    rows,
    cols,
    width: config.width ?? DRAW_DEFAULTS.width,
    height: config.height ?? DRAW_DEFAULTS.height,
    defaultStyle: { ...DRAW_DEFAULTS.style, ...config.defaultStyle },
    defaultConfig: { ...timing, ...config.defaultConfig },
  };
}

export function slotOptions(config: SlotMachineConfig) {
  const orders = reelOrders(config);
  const slots: DrawSlot[] = config.slots?.length ? config.slots : orders.map(() => ({}));
  return {
    ...config,
    slots: slots.map((slot, reel) => ({ ...slot, order: orders[reel] })),
    width: config.width ?? DRAW_DEFAULTS.width,
    height: config.height ?? DRAW_DEFAULTS.height,
    defaultStyle: { ...DRAW_DEFAULTS.style, ...config.defaultStyle },
    defaultConfig: { ...timing, ...DRAW_DEFAULTS.slot, ...config.defaultConfig },
  };
}

/** The acceleration time the widget waits before it counts the spin as at full speed. */
export function accelerationTime(config: WheelConfig | GridConfig | SlotMachineConfig): number {
  return config.defaultConfig?.accelerationTime ?? DRAW_DEFAULTS.accelerationTime;
}
