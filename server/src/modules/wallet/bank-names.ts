import fs from 'node:fs';
import { createRequire } from 'node:module';

let names: Record<string, string> | null = null;

/**
 * The bank behind an IFSC, from the `ifsc` package's offline list of bank codes (its first four
 * letters). Read on first use: a server that never sees an Indian bank account never loads it.
 */
export function bankNameOf(ifsc: string): string | null {
  if (!names) {
    const file = createRequire(import.meta.url).resolve('ifsc/src/banknames.json');
    names = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  }
  return names[ifsc.slice(0, 4)] ?? null;
}
