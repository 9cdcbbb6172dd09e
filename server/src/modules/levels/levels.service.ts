import { LEVEL_RIGHTS, type LevelInfo, type LevelRule, MAX_LEVEL } from '@grab/shared/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { levelRules, userProgress, users } from '../../db/schema';
import { errors } from '../../http/app-error';

/** The 11 levels with what each needs and adds, as the operator configured them. */
export async function levelRulesOf(db: Db): Promise<LevelRule[]> {
  const rows = await db.select().from(levelRules).orderBy(asc(levelRules.level));
  return rows.map((r) => ({ level: r.level, minTaskPoints: Number(r.minTaskPoints), minActiveInvitees: r.minActiveInvitees, rights: [...(LEVEL_RIGHTS[r.level] ?? [])] }));
}

/** `GET /app/user/level-info`: the levels, the earner's own and the way to the next, in the units that decide it. */
export async function levelInfoOf(db: Db, userId: number): Promise<LevelInfo> {
  const [[me], levels] = await Promise.all([
    db
      .select({
        level: users.level,
        taskPoints: sql<number>`coalesce(${userProgress.taskPoints}, 0)`,
        activeInvitees: sql<number>`coalesce(${userProgress.activeInvitees}, 0)`,
        levelSeen: sql<number>`coalesce(${userProgress.levelSeen}, 1)`,
      })
      .from(users)
      .leftJoin(userProgress, eq(userProgress.userId, users.id))
      .where(eq(users.id, userId)),
    levelRulesOf(db),
  ]);
  if (!me) throw errors.unauthorized();
  const level = me.level;
  return {
    level,
    levels,
    taskPoints: Number(me.taskPoints),
    activeInvitees: Number(me.activeInvitees),
    next: level < MAX_LEVEL ? (levels.find((l) => l.level === level + 1) ?? null) : null,
    unseenLevelUp: level > Number(me.levelSeen) ? level : null,
  };
}

/** The earner has seen "You reached LV n": never shown again for n or below. A level not reached is refused. */
export async function markLevelSeen(db: Db, userId: number, level: number): Promise<null> {
  const [me] = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
  if (!me) throw errors.unauthorized();
  if (level > me.level) throw errors.validation();
  await db
    .insert(userProgress)
    .values({ userId, levelSeen: level })
    .onConflictDoUpdate({ target: userProgress.userId, set: { levelSeen: sql`greatest(${userProgress.levelSeen}, excluded.level_seen)` } });
  return null;
}
