/** One field an operator's action changed, by its path in the record: `texts.en-US.title`. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const nothing = (value: unknown) => value === undefined || value === null;

/**
 * The fields to walk into: a record's own, and a list of records' by their place from 1
 * (`#4.minTaskPoints` is the fourth level's); nothing for a single value or a list of them.
 */
function fieldsOf(value: unknown): Record<string, unknown> | null {
  if (isRecord(value)) return value;
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) return Object.fromEntries(value.map((item, i) => [`#${i + 1}`, item]));
  return null;
}

function collect(before: unknown, after: unknown, path: string, into: FieldChange[]): void {
  if (nothing(before) && nothing(after)) return;
  const was = nothing(before) ? {} : fieldsOf(before);
  const is = nothing(after) ? {} : fieldsOf(after);
  // Both sides have fields (a side with nothing has none yet, so a creation lists its fields one by one).
  if (was && is) {
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) collect(was[key], is[key], path ? `${path}.${key}` : key, into);
    return;
  }
  // Single values and lists of them are compared whole: a preset list reads as the list it became.
  if (JSON.stringify(before) !== JSON.stringify(after)) into.push({ path, before, after });
}

/**
 * What an audit entry changed, field by field, the fields it left alone left out: a review's
 * "status: underReview → passed" instead of two records to compare by eye. A created record
 * (nothing before) lists every field it was made with; a removed one, every field it had.
 */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  collect(before, after, '', changes);
  return changes;
}

/** A value of a change, short: text as it is, anything else as JSON, nothing as a dash. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
