import { describe, expect, it } from 'vitest';
import { isPublicPath, loginRedirectPath, safeRedirectTarget } from './redirect';

const origin = 'https://grab.example';

describe('loginRedirectPath', () => {
  it('encodes the full target with its query', () => {
    expect(loginRedirectPath('/home?taskType=share&id=3')).toBe('/login?redirect=%2Fhome%3FtaskType%3Dshare%26id%3D3');
  });
});

describe('safeRedirectTarget', () => {
  it('accepts a path of this site with its query and hash', () => {
    expect(safeRedirectTarget('/withdrawal?amount=5#top', origin)).toBe('/withdrawal?amount=5#top');
  });

  it('falls back to /home when there is nothing', () => {
    expect(safeRedirectTarget(null, origin)).toBe('/home');
    expect(safeRedirectTarget('', origin)).toBe('/home');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/login?redirect=%2Fhome',
    '/register',
  ])('refuses %s', (raw) => {
    expect(safeRedirectTarget(raw, origin)).toBe('/home');
  });
});

describe('isPublicPath', () => {
  it('lets login and register through, nothing else', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/register/')).toBe(true);
    expect(isPublicPath('/home')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
