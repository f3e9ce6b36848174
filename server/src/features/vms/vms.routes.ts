import Router from '@koa/router';
import { LaunchVmBody, VM_ACTIONS, type VmAction, type VmListResponse, type VmResponse, type VncResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { vmFailures } from './vm-failure.ts';
import { vmServices } from './vm-services.ts';

const isAction = (a: string): a is VmAction => (VM_ACTIONS as readonly string[]).includes(a);

/**
 * Virtual machines (spec 2 §7): GET /api/vms/list, POST /api/vms/launch, POST /api/vms/{action}/{id} for the
 * state changes of spec 2 §4, GET /api/vms/{id}/vnc (the live view's connection).
 */
export const vmsRoutes: FeatureRouter = (deps) => {
  const { vms } = vmServices(deps);
  const router = new Router();
  router.use('/api/vms', vmFailures);

  router.get('/api/vms/list', async (ctx) => {
    const body: VmListResponse = { success: true, vms: await vms.list(currentUser(ctx).id) };
    ctx.body = body;
  });

  router.post('/api/vms/launch', async (ctx) => {
    const { name } = parseInput(LaunchVmBody, ctx.request.body ?? {});
    const body: VmResponse = { success: true, vm: await vms.launch(currentUser(ctx).id, name) };
    ctx.body = body;
  });

  router.post('/api/vms/:action/:id', async (ctx, next) => {
    const action = ctx.params.action!;
    if (!isAction(action)) return next();
    const body: VmResponse = { success: true, vm: await vms.act(currentUser(ctx).id, action, ctx.params.id!) };
    ctx.body = body;
  });

  router.get('/api/vms/:id/vnc', async (ctx) => {
    const vnc = await vms.vnc(currentUser(ctx).id, ctx.params.id!, ctx.hostname);
    ctx.set('Cache-Control', 'no-store'); // it carries a view token
    const body: VncResponse = { success: true, vnc };
    ctx.body = body;
  });
  return router;
};
