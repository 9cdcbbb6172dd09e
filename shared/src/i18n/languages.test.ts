import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './languages';

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
});
