import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { migrateDatabase, openPglite } from '../src/db/database';
import { seed } from '../src/seed/seed';

export const TEST_DATA_ROOT = path.resolve(import.meta.dirname, '..', '.test-data');

/**
 * initdb costs seconds and most of a gigabyte, so it runs once: a migrated, seeded PGlite
 * directory that each test file copies. Its name carries a hash of the migrations and the seed,
 * so a schema change builds a new one.
 */
export default async function setup(project: TestProject) {
  const config = loadConfig({});
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(config.migrationsDir).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(fs.readFileSync(path.join(config.migrationsDir, file)));
  }
  // Every seed file, and the schema it writes to: a change to any of them needs a new template.
  const seedDir = path.resolve(import.meta.dirname, '..', 'src', 'seed');
  for (const file of fs.readdirSync(seedDir).sort()) hash.update(fs.readFileSync(path.join(seedDir, file)));
  hash.update(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'db', 'schema.ts')));
  const template = path.join(TEST_DATA_ROOT, `template-${hash.digest('hex').slice(0, 12)}`);
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) {
    fs.mkdirSync(TEST_DATA_ROOT, { recursive: true });
    for (const old of fs.readdirSync(TEST_DATA_ROOT).filter((f) => f.startsWith('template-'))) {
      fs.rmSync(path.join(TEST_DATA_ROOT, old), { recursive: true, force: true });
    }
    const building = `${template}.building-${process.pid}`;
    const database = await openPglite(building);
    await migrateDatabase(database, config.migrationsDir);
    await seed(database.db, { demo: true });
    await database.close();
    try {
      fs.renameSync(building, template);
    } catch {
      // Another run finished the same template first: use theirs.
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  project.provide('pgliteTemplate', template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
