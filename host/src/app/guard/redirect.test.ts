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
    // Only a path is a target, even a full address of this very site.
    'https://grab.example/team',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/login?redirect=%2Fhome',
    '/register',
    // Dot segments that resolve to a path starting with `//`: the router reads another host there.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/x/..//evil.example',
    '/x/../..//evil.example',
    '/././/evil.example/home?x=1#y',
    // Backslashes are slashes to a browser.
    '\\\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    '/.\\/evil.example',
    '/.\\\\evil.example',
    // Tabs and newlines are dropped from a URL before it is read.
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '/\r\n/evil.example',
    '/.\t//evil.example',
    // Schemes, also disguised.
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http:evil.example',
    'https:/evil.example',
    '%2F%2Fevil.example',
    ' //evil.example',
    '/login/../register',
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw, origin)).toBe('/home');
  });

  it.each([
    ['/home?taskType=share', '/home?taskType=share'],
    ['/user/', '/user/'],
    ['/taskDetail?taskId=3&taskType=audit#top', '/taskDetail?taskId=3&taskType=audit#top'],
    // Dot segments that stay on this site are resolved, not refused.
    ['/x/../withdrawal', '/withdrawal'],
    ['/./team', '/team'],
    ['/%2e/team', '/team'],
    // An encoded slash or backslash is text in a path segment, not a separator.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
  ])('keeps the same-origin path of %j', (raw, expected) => {
    expect(safeRedirectTarget(raw, origin)).toBe(expected);
  });

  it('never answers anything that starts like another origin', () => {
    const pieces = ['/', '\\', '.', '..', '%2e', '%2E', '\t', '\n', 'x', '%2f', '%5c', '?', '#', 'evil.example'];
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const target = safeRedirectTarget(`/${a}${b}${c}evil.example`, origin);
          expect(target.startsWith('/'), target).toBe(true);
          expect(/^[/\\]{2}/.test(target), target).toBe(false);
          expect(new URL(target, origin).origin).toBe(origin);
        }
      }
    }
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
