import { describe, expect, it, vi } from 'vitest';
import { extractShareParams, saveShareParams } from './share-params';

describe('extractShareParams', () => {
  it('reads both parameters from the query', () => {
    expect(extractShareParams('https://grab.example/register?shareCode=ROOT01&link_id=ad-7')).toEqual({
      shareCode: 'ROOT01',
      link_id: 'ad-7',
    });
  });

  it('reads a relative path', () => {
    expect(extractShareParams('/home?shareCode=ABC123')).toEqual({ shareCode: 'ABC123' });
  });

  it('finds them inside an encoded redirect', () => {
    const target = `/home?taskType=share&shareCode=XY12&link_id=42`;
    const url = `/login?redirect=${encodeURIComponent(target)}`;
    expect(extractShareParams(url)).toEqual({ shareCode: 'XY12', link_id: '42' });
  });

  it('finds them inside a double-encoded URL', () => {
    const inner = `https://grab.example/home?shareCode=DEEP01&link_id=L9`;
    const url = `/login?redirect=${encodeURIComponent(encodeURIComponent(inner))}`;
    expect(extractShareParams(url)).toEqual({ shareCode: 'DEEP01', link_id: 'L9' });
  });

  it('finds them two levels of URLs deep', () => {
    const innermost = '/team?link_id=campaign-3';
    const middle = `https://go.example/r?to=${encodeURIComponent(innermost)}&shareCode=MID001`;
    const url = `/login?redirect=${encodeURIComponent(middle)}`;
    expect(extractShareParams(url)).toEqual({ shareCode: 'MID001', link_id: 'campaign-3' });
  });

  it('prefers the outer value over a nested one', () => {
    const url = `/login?shareCode=OUTER1&redirect=${encodeURIComponent('/home?shareCode=INNER1')}`;
    expect(extractShareParams(url).shareCode).toBe('OUTER1');
  });

  it('reads a hash-router query', () => {
    expect(extractShareParams('https://grab.example/#/register?shareCode=HASH01')).toEqual({ shareCode: 'HASH01' });
  });

  it('ignores empty values, absent parameters and malformed encodings', () => {
    expect(extractShareParams('/home?shareCode=&x=%E0%A4%A')).toEqual({});
    expect(extractShareParams('/home')).toEqual({});
    expect(extractShareParams(`/login?redirect=${'%25'.repeat(10)}`)).toEqual({});
  });

  it('ignores absurdly long values', () => {
    expect(extractShareParams(`/home?shareCode=${'A'.repeat(500)}`)).toEqual({});
  });
});

describe('saveShareParams', () => {
  it('stores what it finds under the agreed keys', () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };
    const onLinkId = vi.fn();
    saveShareParams(`/login?redirect=${encodeURIComponent('/home?shareCode=ROOT01&link_id=5')}`, storage, onLinkId);
    expect(Object.fromEntries(stored)).toEqual({ shareCode: 'ROOT01', link_id: '5' });
    expect(onLinkId).toHaveBeenCalledExactlyOnceWith('5');
  });

  it('reports no visit without a link id', () => {
    const onLinkId = vi.fn();
    saveShareParams('/home?shareCode=ROOT01', { setItem: () => undefined }, onLinkId);
    expect(onLinkId).not.toHaveBeenCalled();
  });

  it('survives blocked storage', () => {
    const storage = {
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(saveShareParams('/home?shareCode=ROOT01&link_id=campaign-1', storage, () => undefined)).toEqual({
      shareCode: 'ROOT01',
      link_id: 'campaign-1',
    });
  });
});
