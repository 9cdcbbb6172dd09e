import { z } from 'zod/mini';

/**
 * SPEC §3's draw widget configuration: prizes with background, borderRadius, images and fonts;
 * slots with order, speed and direction; blocks with padding, background and images. The fields are
 * those of `lucky-canvas` 1.7, which draws them (remote-draw); the server checks an operator's
 * configuration with the same schemas, so what is saved is what the widget can draw.
 *
 * Every field is optional except an image's `src` and a font's `text`: the widget fills in SPEC §9's
 * defaults (remote-draw/src/features/draw-widget/draw-defaults.ts). Objects are not strict, so a prize
 * may carry more (the server's amount and weight) and still be a prize here.
 *
 * An image's `formatter` (SPEC §3) is a function and cannot come from stored JSON; it is not here.
 */

/** A length as lucky-canvas reads it: a number of pixels, or a number with px, %, rem or vw. */
export const DrawLength = z.union([
  z.number().check(z.gte(-10_000), z.lte(10_000)),
  z.string().check(z.regex(/^-?\d+(\.\d+)?(px|%|rem|vw)?$/)),
]);
export type DrawLength = z.infer<typeof DrawLength>;

/** A CSS colour (or, on the grid, a `linear-gradient(…)`); drawn on a canvas, never put in a page. */
export const DrawColor = z.string().check(z.maxLength(200));

/** An image drawn on the canvas: an https or same-site address, or an inline image. */
export const DrawImage = z.object({
  src: z.string().check(
    z.maxLength(4096),
    z.refine((src) => /^(https:\/\/|\/(?![/\\])|data:image\/)/.test(src), { error: 'an image is https, a path on this site, or data:image' }),
  ),
  width: z.optional(DrawLength),
  height: z.optional(DrawLength),
  top: z.optional(DrawLength),
  left: z.optional(DrawLength),
  /** Wheel blocks only: the image turns with the wheel. */
  rotate: z.optional(z.boolean()),
});
export type DrawImage = z.infer<typeof DrawImage>;

export const DrawFont = z.object({
  text: z.string().check(z.maxLength(200)),
  fontSize: z.optional(DrawLength),
  fontColor: z.optional(DrawColor),
  /** The font family (lucky-canvas calls it fontStyle). */
  fontStyle: z.optional(z.string().check(z.maxLength(200))),
  fontWeight: z.optional(z.union([z.string().check(z.maxLength(20)), z.number()])),
  lineHeight: z.optional(DrawLength),
  top: z.optional(DrawLength),
  left: z.optional(DrawLength),
  wordWrap: z.optional(z.boolean()),
  /** Widest a line may be, as a share of the space (`'90%'`) or pixels. */
  lengthLimit: z.optional(DrawLength),
  /** Most lines shown; the last ends in an ellipsis. */
  lineClamp: z.optional(z.int().check(z.gte(0), z.lte(20))),
});
export type DrawFont = z.infer<typeof DrawFont>;

/** A frame around the prizes: the wheel's rings, the grid's and the slot machine's borders. */
export const DrawBlock = z.object({
  /** CSS-like: `'10px'`, `'10px 20px'`, … (the wheel reads the first value). */
  padding: z.optional(z.string().check(z.regex(/^(-?\d+(\.\d+)?(px|%|rem|vw)?\s*){1,4}$/))),
  background: z.optional(DrawColor),
  borderRadius: z.optional(DrawLength),
  imgs: z.optional(z.array(DrawImage).check(z.maxLength(8))),
});
export type DrawBlock = z.infer<typeof DrawBlock>;

/** Grid only: the cell (column x, row y, from 0) and its span. Without them, prizes go round the edge and buttons fill the middle. */
const GridCell = {
  x: z.optional(z.int().check(z.gte(0))),
  y: z.optional(z.int().check(z.gte(0))),
  col: z.optional(z.int().check(z.gte(1))),
  row: z.optional(z.int().check(z.gte(1))),
};

/** How a prize looks, the same on every widget. The grid also reads a cell position. */
export const DrawPrizeLook = z.object({
  background: z.optional(DrawColor),
  borderRadius: z.optional(DrawLength),
  imgs: z.optional(z.array(DrawImage).check(z.maxLength(8))),
  fonts: z.optional(z.array(DrawFont).check(z.maxLength(8))),
  ...GridCell,
});
export type DrawPrizeLook = z.infer<typeof DrawPrizeLook>;

/**
 * The wheel's centre (radius, pointer) or a grid cell that starts the draw (placed like a prize).
 * Its text is one text for every language, so the earner app draws the earner's own word in its
 * place and keeps the rest of its look (remote-draw/src/features/draw-widget/button-label.ts).
 */
export const DrawButton = z.extend(DrawPrizeLook, {
  radius: z.optional(DrawLength),
  pointer: z.optional(z.boolean()),
});
export type DrawButton = z.infer<typeof DrawButton>;

/** One reel of the slot machine: which prizes it shows in which order, its own speed and direction. */
export const DrawSlot = z.object({
  order: z.optional(z.array(z.int().check(z.gte(0))).check(z.minLength(1), z.maxLength(50))),
  speed: z.optional(z.number().check(z.gt(0), z.lte(200))),
  direction: z.optional(z.union([z.literal(1), z.literal(-1)])),
});
export type DrawSlot = z.infer<typeof DrawSlot>;

const DrawStyle = {
  background: z.optional(DrawColor),
  borderRadius: z.optional(DrawLength),
  fontColor: z.optional(DrawColor),
  fontSize: z.optional(DrawLength),
  fontStyle: z.optional(z.string().check(z.maxLength(200))),
  fontWeight: z.optional(z.union([z.string().check(z.maxLength(20)), z.number()])),
  lineHeight: z.optional(DrawLength),
  wordWrap: z.optional(z.boolean()),
  lengthLimit: z.optional(DrawLength),
  lineClamp: z.optional(z.int().check(z.gte(0), z.lte(20))),
};

// Below a frame or two the library cannot measure the frame rate and stops animating sensibly.
const Duration = z.number().check(z.gte(100), z.lte(20_000));
const Speed = z.number().check(z.gt(0), z.lte(200));
const Size = DrawLength;

export const WheelConfig = z.object({
  width: z.optional(Size),
  height: z.optional(Size),
  blocks: z.optional(z.array(DrawBlock).check(z.maxLength(8))),
  prizes: z.array(DrawPrizeLook).check(z.minLength(1), z.maxLength(24)),
  buttons: z.optional(z.array(DrawButton).check(z.maxLength(4))),
  defaultStyle: z.optional(z.object(DrawStyle)),
  defaultConfig: z.optional(
    z.object({
      gutter: z.optional(DrawLength),
      offsetDegree: z.optional(z.number().check(z.gte(-360), z.lte(360))),
      speed: z.optional(Speed),
      accelerationTime: z.optional(Duration),
      decelerationTime: z.optional(Duration),
      /** 0–1: how far from a prize's middle the pointer may stop. */
      stopRange: z.optional(z.number().check(z.gte(0), z.lte(1))),
    }),
  ),
});
export type WheelConfig = z.infer<typeof WheelConfig>;

export const GridConfig = z.object({
  width: z.optional(Size),
  height: z.optional(Size),
  rows: z.optional(z.int().check(z.gte(1), z.lte(10))),
  cols: z.optional(z.int().check(z.gte(1), z.lte(10))),
  blocks: z.optional(z.array(DrawBlock).check(z.maxLength(8))),
  prizes: z.array(DrawPrizeLook).check(z.minLength(1), z.maxLength(100)),
  buttons: z.optional(z.array(DrawButton).check(z.maxLength(4))),
  defaultStyle: z.optional(z.object({ ...DrawStyle, shadow: z.optional(z.string().check(z.maxLength(100))) })),
  /** The look of the cell the light is on. */
  activeStyle: z.optional(z.object({ ...DrawStyle, shadow: z.optional(z.string().check(z.maxLength(100))) })),
  defaultConfig: z.optional(
    z.object({
      gutter: z.optional(DrawLength),
      speed: z.optional(Speed),
      accelerationTime: z.optional(Duration),
      decelerationTime: z.optional(Duration),
    }),
  ),
});
export type GridConfig = z.infer<typeof GridConfig>;

export const SlotMachineConfig = z.object({
  width: z.optional(Size),
  height: z.optional(Size),
  blocks: z.optional(z.array(DrawBlock).check(z.maxLength(8))),
  prizes: z.array(DrawPrizeLook).check(z.minLength(1), z.maxLength(50)),
  /** One entry per reel. */
  slots: z.optional(z.array(DrawSlot).check(z.minLength(1), z.maxLength(10))),
  defaultStyle: z.optional(z.object(DrawStyle)),
  defaultConfig: z.optional(
    z.object({
      mode: z.optional(z.enum(['vertical', 'horizontal'])),
      /** 1: reels move one way, -1 the other. */
      direction: z.optional(z.union([z.literal(1), z.literal(-1)])),
      rowSpacing: z.optional(DrawLength),
      colSpacing: z.optional(DrawLength),
      speed: z.optional(Speed),
      accelerationTime: z.optional(Duration),
      decelerationTime: z.optional(Duration),
    }),
  ),
});
export type SlotMachineConfig = z.infer<typeof SlotMachineConfig>;
