import { describe, expect, it } from 'vitest';
import { languageFromHeader, languageFromTags, phoneLanguage } from './languages';

describe('languageFromHeader', () => {
  it('takes the exact tag, then the language without its region, then English', () => {
    expect(languageFromHeader('ur-PK').key).toBe('ur-PK');
    expect(languageFromHeader('ur').key).toBe('ur-PK');
    expect(languageFromHeader('fr-FR,de;q=0.8').key).toBe('en-US');
    expect(languageFromHeader(undefined).key).toBe('en-US');
  });

  it('follows the weights, not the order written, and never picks a language weighted 0', () => {
    expect(languageFromHeader('ur-PK;q=0,en;q=1').key).toBe('en-US');
    expect(languageFromHeader('en;q=0.5, hi-IN;q=0.9').key).toBe('hi-IN');
    expect(languageFromHeader('hi-IN;q=0.8, bn-BD;q=0.8').key).toBe('hi-IN');
    expect(languageFromHeader('ur-PK;q=zero').key).toBe('en-US');
  });

  it('serves the first language wanted, not a later one that happens to match a tag exactly', () => {
    expect(languageFromHeader('en-IN,hi-IN;q=0.9').key).toBe('en-US');
    expect(languageFromHeader('fr-FR,ur-PK;q=0.5').key).toBe('ur-PK');
  });
});

describe('phoneLanguage', () => {
  it('starts a phone that never chose in its own language, when it is one of the eight', () => {
    expect(phoneLanguage(['ur-PK', 'en-US'])).toBe('ur-PK');
    expect(phoneLanguage(['id-ID'])).toBe('hi-IND');
    expect(phoneLanguage(['es-MX', 'en'])).toBe('br-BR');
    expect(phoneLanguage(['bn-IN'])).toBe('bn-BD');
    expect(phoneLanguage(['ha'])).toBe('ng-HA');
    expect(phoneLanguage(['hi-IN', 'en-IN'])).toBe('hi-IN');
  });

  it('knows Filipino under the name older phones give it', () => {
    expect(phoneLanguage(['fil-PH'])).toBe('ph-PH');
    expect(phoneLanguage(['tl-PH'])).toBe('ph-PH');
    expect(phoneLanguage(['tl'])).toBe('ph-PH');
  });

  it('keeps English for a phone in English or in a language the app does not speak', () => {
    expect(phoneLanguage(['en-IN', 'hi-IN'])).toBe('en-US');
    expect(phoneLanguage(['fr-FR', 'de-DE'])).toBe('en-US');
    expect(phoneLanguage([])).toBe('en-US');
    expect(phoneLanguage(['', '*', 'x', 'constructor', '__proto__', 'toString-PK'])).toBe('en-US');
    expect(languageFromTags(['ur_PK']).key).toBe('ur-PK');
  });
});
