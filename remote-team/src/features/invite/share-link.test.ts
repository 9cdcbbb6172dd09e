import { describe, expect, it } from 'vitest';
import { shortLink } from './share-link';

describe('shortLink', () => {
  it('drops the scheme of a short link and keeps the rest', () => {
    expect(shortLink('https://grab.app/register?shareCode=K7')).toBe('grab.app/register?shareCode=K7');
  });

  it('keeps the host and the code of a long link', () => {
    expect(shortLink('https://earn.grab-rewards.example.com/register?shareCode=K7Q2MZ')).toBe('earn.grab-rewards.example.com/…K7Q2MZ');
  });

  it('leaves something that is not a link as it is', () => {
    expect(shortLink('not a link')).toBe('not a link');
  });
});
