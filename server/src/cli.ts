/**
 * Operator commands, run from the repository root as `npm run grab -- <command> [options]`.
 * They open the same database the server uses (the same settings), so the embedded one must not be
 * in use by a running server: its lock says so.
 *
 *   create-operator --country IN --phone 9000000002 --role admin|reviewer|payout
 *     The password comes from GRAB_OPERATOR_PASSWORD or the first line of standard input, never
 *     from the command line (it would stay in the shell's history and the process list). An
 *     existing account keeps its password when none is given and only gets the role.
 *
 *   reconcile [--json]
 *     Checks the books: every balance equals its entries, all accounts sum to zero, none is
 *     negative, and every withdrawal's state matches its transfers. Exits 1 when one does not hold.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES } from '@grab/shared/contracts';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateDatabase } from './db/database';
import { fail, openDatabase } from './db/open-database';
import { AppError } from './http/app-error';
import { createTranslator } from './http/i18n';
import { createOperator } from './modules/auth/auth.service';
import { reconcile, reconciles } from './modules/wallet/reconcile';
import { seed } from './seed/seed';

const USAGE = `Usage: npm run grab -- create-operator --country IN --phone <number> --role ${OPERATOR_ROLES.join('|')}
  The password is read from GRAB_OPERATOR_PASSWORD, or from the first line of standard input.
       npm run grab -- reconcile [--json]`;

async function readPassword(): Promise<string | undefined> {
  const fromEnv = process.env.GRAB_OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Password (Enter to keep an existing account’s): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  return line === '' ? undefined : line;
}

async function createOperatorCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { country: { type: 'string' }, phone: { type: 'string' }, role: { type: 'string' } }, strict: true });
  const role = OPERATOR_ROLES.find((r) => r === values.role);
  if (!values.country || !values.phone || !role) fail(`${values.role && !role ? `Unknown role '${values.role}'.\n` : ''}${USAGE}`);
  const config = loadConfig();
  const password = await readPassword();
  const { database, lock } = await openDatabase(config);
  try {
    await migrateDatabase(database, config.migrationsDir);
    await seed(database.db, { demo: config.demo, tokenTtlDays: config.tokenTtlDays });
    const { userId, created } = await createOperator(database.db, { country: values.country.toUpperCase(), phone: values.phone, role, password });
    process.stdout.write(`${created ? 'Created' : 'Updated'} operator ${userId} with the role ${role}.\n`);
  } catch (error) {
    if (error instanceof AppError) {
      fail(`Not done: ${createTranslator(config.localesDir).translate(error.key, 'en-US', error.params)}`);
    }
    throw error;
  } finally {
    await database.close();
    lock?.release();
  }
}

async function reconcileCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, strict: true });
  const config = loadConfig();
  const { database, lock } = await openDatabase(config);
  try {
    await migrateDatabase(database, config.migrationsDir);
    const figures = await reconcile(database.db);
    const holds = reconciles(figures);
    if (values.json) process.stdout.write(`${JSON.stringify({ holds, ...figures })}\n`);
    else {
      for (const [name, value] of Object.entries(figures)) process.stdout.write(`${name.padEnd(22)} ${typeof value === 'object' ? JSON.stringify(value) : value}\n`);
      process.stdout.write(holds ? 'The books hold.\n' : 'The books do NOT hold: see the figures above that are not zero.\n');
    }
    if (!holds) process.exitCode = 1;
  } finally {
    await database.close();
    lock?.release();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'create-operator') return await createOperatorCommand(args);
    if (command === 'reconcile') return await reconcileCommand(args);
    fail(USAGE);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) fail(`${error.message}\n${USAGE}`);
    throw error;
  }
}

await main();
