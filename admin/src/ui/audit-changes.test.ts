import { describe, expect, it } from 'vitest';
import { changesOf, shownValue } from './audit-changes';

describe('changesOf', () => {
  it('leaves out what stayed, and a field that went from nothing to null', () => {
    expect(changesOf({ status: 'underReview' }, { reason: null, status: 'passed' })).toEqual([{ path: 'status', before: 'underReview', after: 'passed' }]);
  });

  it('names a nested field by its path', () => {
    const before = { reward: 500, texts: { 'en-US': { title: 'Join our channel', body: 'Tap join' }, 'hi-IN': { title: 'चैनल' } } };
    const after = { reward: 500, texts: { 'en-US': { title: 'Join our new channel', body: 'Tap join' }, 'hi-IN': { title: 'चैनल' } } };
    expect(changesOf(before, after)).toEqual([{ path: 'texts.en-US.title', before: 'Join our channel', after: 'Join our new channel' }]);
  });

  it('walks a list of records by place from 1, and compares a list of values whole', () => {
    const levels = (fourth: number) => [1, 2, 3, 4].map((level) => ({ level, minTaskPoints: level === 4 ? fourth : level * 100 }));
    expect(changesOf(levels(5000), levels(5500))).toEqual([{ path: '#4.minTaskPoints', before: 5000, after: 5500 }]);
    expect(changesOf({ presets: [100, 200] }, { presets: [100, 250] })).toEqual([{ path: 'presets', before: [100, 200], after: [100, 250] }]);
  });

  it('lists every field of a record made, and of one removed', () => {
    expect(changesOf(null, { id: 2, note: 'Poster' })).toEqual([
      { path: 'id', before: undefined, after: 2 },
      { path: 'note', before: undefined, after: 'Poster' },
    ]);
    expect(changesOf({ frozen: { reason: 'x' } }, { frozen: null })).toEqual([{ path: 'frozen.reason', before: 'x', after: undefined }]);
  });

  it('compares whole a value that changed its kind, and says nothing of two empty sides', () => {
    expect(changesOf(3, { a: 1 })).toEqual([{ path: '', before: 3, after: { a: 1 } }]);
    expect(changesOf(null, undefined)).toEqual([]);
  });
});

describe('shownValue', () => {
  it('shows text as it is, nothing as a dash, an empty text visibly, and the rest as JSON', () => {
    expect(shownValue('passed')).toBe('passed');
    expect(shownValue(null)).toBe('—');
    expect(shownValue('')).toBe('""');
    expect(shownValue([1, 2])).toBe('[1,2]');
  });
});
