import { and, eq, sql } from 'drizzle-orm';
import type { OnboardingProfile } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { onboarding } from '../../db/schema.ts';

export type OnboardingRow = typeof onboarding.$inferSelect;

export async function onboardingOf(db: Db, userId: string): Promise<OnboardingRow | null> {
  const [row] = await db.select().from(onboarding).where(eq(onboarding.userId, userId));
  return row ?? null;
}

/** Stores the wizard's profile (the latest one wins) and marks onboarding started. */
export async function saveProfile(db: Db, userId: string, profile: OnboardingProfile, at: Date): Promise<OnboardingRow> {
  const [row] = await db
    .insert(onboarding)
    .values({ userId, profile, hasStarted: true, updatedAt: at })
    .onConflictDoUpdate({ target: onboarding.userId, set: { profile, hasStarted: true, updatedAt: at } })
    .returning();
  return row!;
}

/**
 * Sets ready_to_work once: true only for the request that flipped it, so two racing "ready" turns (two tabs,
 * a double click on skip) cannot both store a first plan. The row lock makes the second wait and see true.
 */
export async function markReady(tx: Db, userId: string, at: Date): Promise<boolean> {
  const flipped = await tx
    .update(onboarding)
    .set({ readyToWork: true, updatedAt: at })
    .where(and(eq(onboarding.userId, userId), eq(onboarding.readyToWork, false)))
    .returning({ userId: onboarding.userId });
  return flipped.length > 0;
}

/** Marks onboarding complete; repeating it keeps the first completion time. */
export async function markComplete(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insert(onboarding)
    .values({ userId, hasStarted: true, isComplete: true, completedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: onboarding.userId,
      set: { hasStarted: true, isComplete: true, completedAt: sql`coalesce(${onboarding.completedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at },
    });
}
