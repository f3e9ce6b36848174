import Router from '@koa/router';
import { limitPerUser } from '../../http/rate-limits.ts';
import {
  ConfirmActionBody,
  RunTaskBody,
  type RunTaskResponse,
  type ScreenshotResponse,
  type VmTaskResponse,
  RATE_LIMITS,
} from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { vmFailures } from '../vms/vm-failure.ts';
import { vmServices } from '../vms/vm-services.ts';

/**
 * Computer-use tasks (spec 2 §7): POST /api/computer-use/run-task/{id} (answers when the task ends; the task time
 * limit is under Node's request timeout), /screenshot/{id}, GET /task/{id}, POST /stop/{id}, POST /confirm/{id}.
 */
export const computerUseRoutes: FeatureRouter = (deps) => {
  const { computerUse } = vmServices(deps);
  const router = new Router();
  router.use('/api/computer-use', vmFailures);

  const taskBudget = limitPerUser(
    deps.rateLimits,
    'computer-task',
    RATE_LIMITS.computerTasks,
    RATE_LIMITS.texts.computerTasks,
  );
  router.post('/api/computer-use/run-task/:id', taskBudget, async (ctx) => {
    const input = parseInput(RunTaskBody, ctx.request.body);
    const body: RunTaskResponse = await computerUse.runTask(currentUser(ctx).id, ctx.params.id!, input);
    ctx.body = body;
  });

  router.post('/api/computer-use/screenshot/:id', async (ctx) => {
    const body: ScreenshotResponse = {
      success: true,
      screenshot: await computerUse.screenshot(currentUser(ctx).id, ctx.params.id!),
    };
    ctx.body = body;
  });

  router.get('/api/computer-use/task/:id', async (ctx) => {
    const body: VmTaskResponse = await computerUse.task(currentUser(ctx).id, ctx.params.id!);
    ctx.body = body;
  });

  router.post('/api/computer-use/stop/:id', async (ctx) => {
    await computerUse.stop(currentUser(ctx).id, ctx.params.id!);
    ctx.body = { success: true };
  });

  router.post('/api/computer-use/confirm/:id', async (ctx) => {
    await computerUse.confirm(
      currentUser(ctx).id,
      ctx.params.id!,
      parseInput(ConfirmActionBody, ctx.request.body),
    );
    ctx.body = { success: true };
  });
  return router;
};
