import { type ConsoleInstitution, ErrorCode, type InstitutionInput, type InstitutionPlaceInput } from '@grab/shared/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { institutions, recipients } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';

const nameTaken = () => new AppError(ErrorCode.validation, 'admin.institutionNameTaken');

/** Every institution of every country, switched off or not, with how many earners have it saved. */
export async function consoleInstitutions(db: Executor): Promise<ConsoleInstitution[]> {
  const saved = db.select({ institutionId: recipients.institutionId, recipients: count().as('recipients') }).from(recipients).groupBy(recipients.institutionId).as('saved');
  const rows = await db
    .select({
      id: institutions.id,
      country: institutions.country,
      method: institutions.method,
      name: institutions.name,
      active: institutions.active,
      recipients: sql<number>`coalesce(${saved.recipients}, 0)`.mapWith(Number),
    })
    .from(institutions)
    .leftJoin(saved, eq(saved.institutionId, institutions.id))
    .orderBy(asc(institutions.country), asc(institutions.method), asc(institutions.position), asc(institutions.id));
  return rows;
}

/**
 * Adds an institution at the end of its country's list, or renames or switches one on or off. A
 * name is its list's once; an institution keeps its country and method (saved recipients and past
 * orders point at it), so an id sent with another country or method is no row of this list.
 */
export async function saveInstitution(tx: Executor, input: InstitutionInput): Promise<void> {
  const sameName = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.country, input.country), eq(institutions.method, input.method), sql`lower(${institutions.name}) = lower(${input.name})`, input.id === null ? undefined : ne(institutions.id, input.id)))
    .limit(1);
  if (sameName.length > 0) throw nameTaken();
  if (input.id === null) {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${institutions.position}), -1)`.mapWith(Number) })
      .from(institutions)
      .where(and(eq(institutions.country, input.country), eq(institutions.method, input.method)));
    // Two admins adding the same name at once: the unique index decides, and the second is told so.
    const added = await tx
      .insert(institutions)
      .values({ country: input.country, method: input.method, name: input.name, active: input.active, position: (last?.position ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ id: institutions.id });
    if (added.length === 0) throw nameTaken();
    return;
  }
  const changed = await tx
    .update(institutions)
    .set({ name: input.name, active: input.active })
    .where(and(eq(institutions.id, input.id), eq(institutions.country, input.country), eq(institutions.method, input.method)))
    .returning({ id: institutions.id });
  if (changed.length === 0) throw errors.notFound();
}

/**
 * Puts an institution at `index` of its country's list of its method (past the end: last), and
 * numbers the list again from 0 so the order earners see is exactly the console's. The list's
 * rows are locked in their order first, so two operators moving rows at once take turns.
 */
export async function placeInstitution(tx: Executor, input: InstitutionPlaceInput): Promise<void> {
  const [row] = await tx.select({ country: institutions.country, method: institutions.method }).from(institutions).where(eq(institutions.id, input.id));
  if (!row) throw errors.notFound();
  const list = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.country, row.country), eq(institutions.method, row.method)))
    .orderBy(asc(institutions.position), asc(institutions.id))
    .for('update');
  const others = list.map((r) => r.id).filter((id) => id !== input.id);
  const order = [...others.slice(0, input.index), input.id, ...others.slice(input.index)];
  await tx
    .update(institutions)
    .set({ position: sql`array_position(${sql.param(order)}::integer[], ${institutions.id}) - 1` })
    // Only the rows locked above: one added meanwhile keeps the place its addition gave it.
    .where(inArray(institutions.id, order));
}
