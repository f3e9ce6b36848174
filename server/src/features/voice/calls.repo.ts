import { and, eq, isNull, sql } from 'drizzle-orm';
import { VOICE } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { voiceCalls, type VoiceCallRow } from '../../db/schema.ts';
import { isUuid } from '../../db/ids.ts';


/** When an unended call stops counting as running: its allowed time plus the grace for a missed cleanup. */
const runsUntil = sql`${voiceCalls.startedAt} + (${voiceCalls.maxSeconds} + ${VOICE.staleCallGraceSeconds}) * interval '1 second'`;

/** The caller's call by id, or null when it is not theirs (or not an id at all). */
export async function callOf(db: Db, userId: string, callId: string): Promise<VoiceCallRow | null> {
  // Postgres refuses a malformed uuid with an error; from a client it is simply "not found".
  if (!isUuid(callId)) return null;
  const [row] = await db.select().from(voiceCalls).where(and(eq(voiceCalls.id, callId), eq(voiceCalls.userId, userId)));
  return row ?? null;
}

/** Whether the user has a call that may still be running at `at`. */
export async function hasRunningCall(db: Db, userId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: voiceCalls.id })
    .from(voiceCalls)
    .where(and(eq(voiceCalls.userId, userId), isNull(voiceCalls.endedAt), sql`${runsUntil} > ${at.toISOString()}::timestamptz`))
    .limit(1);
  return row !== undefined;
}

export async function insertCall(db: Db, call: { userId: string; startedAt: Date; maxSeconds: number }): Promise<VoiceCallRow> {
  const [row] = await db.insert(voiceCalls).values(call).returning();
  return row!;
}

/** Forgets a call that never started (its session could not be minted). */
export async function deleteCall(db: Db, id: string): Promise<void> {
  await db.delete(voiceCalls).where(eq(voiceCalls.id, id));
}

/**
 * Ends the user's unended calls (one, or all; `staleOnly`: only those past their running time) at `at`, each
 * lasting min(at - started_at, max_seconds); answers the seconds ended here. Ended calls are skipped, so a
 * repeated cleanup meters nothing twice.
 */
export async function endCalls(db: Db, userId: string, at: Date, which: { callId?: string; staleOnly?: boolean } = {}): Promise<number> {
  const rows = await db
    .update(voiceCalls)
    .set({
      endedAt: at,
      seconds: sql`least(${voiceCalls.maxSeconds}, greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${voiceCalls.startedAt})))))::int`,
    })
    .where(
      and(
        eq(voiceCalls.userId, userId),
        isNull(voiceCalls.endedAt),
        which.callId === undefined ? undefined : eq(voiceCalls.id, which.callId),
        which.staleOnly ? sql`${runsUntil} <= ${at.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning({ seconds: voiceCalls.seconds });
  return rows.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
}
