import type { DrawButton, DrawFont } from '@grab/shared/contracts';
import type { DrawConfigOf, DrawKind } from './draw-defaults';

/** A text with a letter in it, in any script, is a word to read. Digits and symbols ("▶", "×2") read the same in every language. */
const LETTER = /\p{L}/u;

const hasWord = (font: DrawFont) => LETTER.test(font.text);

/**
 * Puts the earner's word on the button drawn on the canvas: the wheel's centre, the grid's middle cell.
 *
 * It always replaces the operator's word, not only when the operator kept the seed's "GO". The
 * configuration holds one text for every language, so any word an operator types ("GO", "SPIN",
 * "گھمائیں") is foreign to most earners, and the button is the one control of the game. Telling the
 * seed's word apart from a chosen one would mean matching spellings, and a "Go!" would show English
 * to every earner again.
 *
 * The operator keeps the button's look: background, pointer, images, and the word's colour, size,
 * weight, family and position. Only the first font with letters becomes the word. Later fonts with
 * letters are dropped, because nothing can translate them. Fonts without letters stay, and so does a
 * button with no text at all (the wheel's outer ring).
 *
 * The word is never wrapped. lucky-canvas wraps by UTF-16 unit, which would cut an Urdu word into
 * letters that no longer join, or split a Devanagari cluster. A word without a family of its own, and
 * no default family in the configuration, is drawn in `pageFont`, the family the page's own buttons
 * use, so the canvas shows the earner's script in the same style as the rest of the app.
 */
export function withButtonLabel<K extends DrawKind>(config: DrawConfigOf<K>, label: string, pageFont?: string): DrawConfigOf<K> {
  if (!('buttons' in config) || !config.buttons) return config;
  const family = config.defaultStyle?.fontStyle ? undefined : pageFont || undefined;
  return { ...config, buttons: config.buttons.map((button) => labelled(button, label, family)) };
}

function labelled(button: DrawButton, label: string, family: string | undefined): DrawButton {
  const fonts = button.fonts ?? [];
  const word = fonts.findIndex(hasWord);
  if (word === -1) return button;
  return {
    ...button,
    fonts: fonts.flatMap((font, index) => {
      if (index === word) return [{ ...font, text: label, wordWrap: false, ...(font.fontStyle || !family ? {} : { fontStyle: family }) }];
      return hasWord(font) ? [] : [font];
    }),
  };
}
