import { SuccessResponse } from '../../schemas/common.ts';
import {
  ConfirmActionBody,
  LaunchVmBody,
  RunTaskBody,
  RunTaskResponse,
  ScreenshotResponse,
  VmListResponse,
  VmResponse,
  VmTaskResponse,
  VncResponse,
} from '../../schemas/vms.ts';
import type { Endpoints } from './define.ts';

/** AI computer control (spec 2 §7 "Virtual machines"): the machines and the computer-use tasks on them. */
export const machinesEndpoints = {
  vms: { method: 'GET', path: '/api/vms/list', auth: 'bearer', response: VmListResponse },
  launchVm: {
    method: 'POST',
    path: '/api/vms/launch',
    auth: 'bearer',
    body: LaunchVmBody,
    response: VmResponse,
  },
  /** :action is one of VM_ACTIONS (suspend, stop, resume, start, terminate); any other is 404. */
  vmAction: { method: 'POST', path: '/api/vms/:action/:id', auth: 'bearer', response: VmResponse },
  /** 409 until the machine's live view is ready. */
  vmVnc: { method: 'GET', path: '/api/vms/:id/vnc', auth: 'bearer', response: VncResponse },

  /** Answers when the task ends (done, a limit, or Stop). */
  runComputerTask: {
    method: 'POST',
    path: '/api/computer-use/run-task/:id',
    auth: 'bearer',
    body: RunTaskBody,
    response: RunTaskResponse,
  },
  vmScreenshot: {
    method: 'POST',
    path: '/api/computer-use/screenshot/:id',
    auth: 'bearer',
    response: ScreenshotResponse,
  },
  vmTask: { method: 'GET', path: '/api/computer-use/task/:id', auth: 'bearer', response: VmTaskResponse },
  stopComputerTask: {
    method: 'POST',
    path: '/api/computer-use/stop/:id',
    auth: 'bearer',
    response: SuccessResponse,
  },
  confirmComputerAction: {
    method: 'POST',
    path: '/api/computer-use/confirm/:id',
    auth: 'bearer',
    body: ConfirmActionBody,
    response: SuccessResponse,
  },
} as const satisfies Endpoints;
