import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate';

describe('interpolate', () => {
  it('fills placeholders, and leaves one it was not given visible', () => {
    expect(interpolate('You pay {{price}} at {{ partner }}', { price: '$4.00', partner: 'NetGo' })).toBe('You pay $4.00 at NetGo');
    expect(interpolate('Wait {{minutes}} min', {})).toBe('Wait {{minutes}} min');
  });

  it('isolates every value but a plain number inside right-to-left text, so a price keeps its sign on its own side', () => {
    expect(interpolate('آپ {{price}} ادا کریں گے', { price: '$4.00' })).toBe('آپ \u2068$4.00\u2069 ادا کریں گے');
    expect(interpolate('{{minutes}} منٹ انتظار کریں', { minutes: 7 })).toBe('7 منٹ انتظار کریں');
    expect(interpolate('{{points}} پوائنٹس', { points: '+5' })).toBe('\u2068+5\u2069 پوائنٹس');
    // A text without right-to-left letters is left alone, whatever the language around it.
    expect(interpolate('≈ {{money}}', { money: 'Rs 1,205' })).toBe('≈ Rs 1,205');
  });

  it('isolates a value with right-to-left letters inside a left-to-right text', () => {
    expect(interpolate('Reason: {{reason}}.', { reason: 'غلط دکان' })).toBe('Reason: \u2068غلط دکان\u2069.');
    expect(interpolate('Reason: {{reason}}', { reason: 'Wrong shop' })).toBe('Reason: Wrong shop');
    expect(interpolate('Code sent to {{number}}', { number: '+92 300 1234567' })).toBe('Code sent to +92 300 1234567');
  });
});
