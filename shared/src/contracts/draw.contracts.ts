import { z } from 'zod/mini';
import { DrawPrizeLook, GridConfig, SlotMachineConfig, WheelConfig } from './draw-config';
import { endpoint, Empty, Points } from './envelope';

/**
 * The lucky draw's calls. The earner sends only "spin" and a key of their own; the server grants
 * the spins, picks the prize from the operator's weights and credits it. The configuration below is
 * what the widget draws and what the server picks from, served whole, so the two cannot disagree.
 */

export const DRAW_WIDGETS = ['wheel', 'grid', 'slot'] as const;
export const DrawWidget = z.enum(DRAW_WIDGETS);
export type DrawWidget = z.infer<typeof DrawWidget>;

/** One prize: what it pays, how likely it is, and how it looks on every widget. */
export const DrawPrize = z.extend(DrawPrizeLook, {
  /** Hundredths of a point, credited through the ledger; never zero, so every spin pays something. */
  amount: z.int().check(z.gte(1)),
  /** Relative chance against the other prizes' weights; 0 shows the prize but never picks it. */
  weight: z.int().check(z.gte(0), z.lte(1_000_000)),
});
export type DrawPrize = z.infer<typeof DrawPrize>;

/** The operator's configuration of the draw: prizes with weights, and each widget's styling. */
export const DrawConfig = z
  .object({
    /** Which widget is the day's, by UTC day number modulo the list's length (one entry: always that one). */
    dayWidgets: z.array(DrawWidget).check(z.minLength(1), z.maxLength(7)),
    /** A grid has eight cells around its button, so at most eight prizes. */
    prizes: z.array(DrawPrize).check(z.minLength(2), z.maxLength(8)),
    /** Each widget's own styling (SPEC §3); its prizes are the ones above, in the same order. */
    wheel: z.omit(WheelConfig, { prizes: true }),
    grid: z.omit(GridConfig, { prizes: true }),
    slot: z.omit(SlotMachineConfig, { prizes: true }),
  })
  .check(z.refine((c) => c.prizes.some((p) => p.weight > 0), { error: 'a draw needs a prize that can be picked' }));
export type DrawConfig = z.infer<typeof DrawConfig>;

/** How an earner gets spins; operator configuration, shown under "no spins left". */
export const DrawRules = z.object({ dailySpins: z.int().check(z.gte(0)), spinsPerAuditTask: z.int().check(z.gte(0)) });
export type DrawRules = z.infer<typeof DrawRules>;

export const DrawSetup = z.object({
  /** The configuration's id: every spin names the one it was picked from. */
  version: z.int(),
  /** Today's widget, from `config.dayWidgets`. */
  featured: DrawWidget,
  rules: DrawRules,
  config: DrawConfig,
});
export type DrawSetup = z.infer<typeof DrawSetup>;

/** One spin's outcome. `prizeIndex` indexes the prizes of configuration `version`. */
export const SpinResult = z.object({
  spinId: z.int(),
  version: z.int(),
  prizeIndex: z.int().check(z.gte(0)),
  amount: Points,
  spunAt: z.string(),
});
export type SpinResult = z.infer<typeof SpinResult>;

export const DrawStatus = z.object({
  spinsLeft: z.int().check(z.gte(0)),
  /** The earner's latest spins, newest first. */
  history: z.array(SpinResult),
});
export type DrawStatus = z.infer<typeof DrawStatus>;

/** Made once per tap of Spin and kept until the answer arrives, so a retry is the same spin. */
export const SpinKey = z.string({ error: 'validation.spinKey' }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'validation.spinKey' }));

// Strict: a client that names a prize, an amount or a spin is refused, not quietly ignored.
export const SpinInput = z.strictObject({ idempotencyKey: SpinKey }, { error: 'validation.spinOnly' });

export const SpinAnswer = z.extend(SpinResult, {
  spinsLeft: z.int().check(z.gte(0)),
  /** True when this key had spun before: the same result, nothing credited again. */
  repeated: z.boolean(),
});
export type SpinAnswer = z.infer<typeof SpinAnswer>;

export const drawSetup = endpoint({ api: 'main', method: 'GET', path: '/app/draw/config', auth: true, input: Empty, data: DrawSetup });
export const drawStatus = endpoint({ api: 'main', method: 'GET', path: '/app/draw/status', auth: true, input: Empty, data: DrawStatus });
export const drawSpin = endpoint({ sends: true, api: 'main', method: 'POST', path: '/app/draw/spin', auth: true, input: SpinInput, data: SpinAnswer });
/** One of the earner's own spins; anyone else's answers as unknown. */
export const drawSpinResult = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/draw/spin',
  auth: true,
  input: z.object({ spinId: z.pipe(z.coerce.number({ error: 'validation.spinId' }), z.int({ error: 'validation.spinId' }).check(z.gte(1, { error: 'validation.spinId' }), z.lte(2 ** 53 - 1))) }),
  data: SpinResult,
});
