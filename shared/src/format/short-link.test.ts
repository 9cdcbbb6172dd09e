import { describe, expect, it } from 'vitest';
import { shortLink, shortLinkParts } from './short-link';

describe('shortLink', () => {
  it('drops the scheme of a short link and keeps the rest', () => {
    expect(shortLink('https://grab.app/register?shareCode=K7')).toBe('grab.app/register?shareCode=K7');
  });

  it('keeps the host and the code of a long link', () => {
    expect(shortLink('https://earn.grab-rewards.example.com/register?shareCode=K7Q2MZ')).toBe('earn.grab-rewards.example.com/…K7Q2MZ');
  });

  it('keeps the code whole in a part of its own, so only the host gives way on a narrow screen', () => {
    expect(shortLinkParts('https://earn.grab-rewards.example.com/register?shareCode=K7Q2MZ')).toEqual({ head: 'earn.grab-rewards.example.com', tail: '/…K7Q2MZ' });
    expect(shortLinkParts('https://grab.app/register?shareCode=K7')).toEqual({ head: 'grab.app/register?shareCode=K7', tail: '' });
  });

  it('leaves something that is not a link as it is', () => {
    expect(shortLink('not a link')).toBe('not a link');
  });
});
