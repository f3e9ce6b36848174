import { ActivityQuery, ActivityResponse } from '../../schemas/activity.ts';
import { AgentsStatusResponse } from '../../schemas/agents.ts';
import {
  ApprovalsQuery,
  ApprovalsResponse,
  DecideApprovalBody,
  DecideApprovalResponse,
  PostingSettings,
  PostingSettingsResponse,
  RetryPublishResponse,
} from '../../schemas/approvals.ts';
import { AutonomySettingsResponse, EnableAutonomyBody, UpdateAutonomyBody } from '../../schemas/autonomy.ts';
import {
  GenerateTasksResponse,
  PatchTaskBody,
  PatchTaskResponse,
  RetryFailedResponse,
  TaskListQuery,
  TaskListResponse,
  TaskResultResponse,
} from '../../schemas/tasks-api.ts';
import type { Endpoints } from './define.ts';

/** Tasks, the activity feed, autonomy, the kill switch, the approvals inbox and posting settings. */
export const workEndpoints = {
  tasks: {
    method: 'GET',
    path: '/api/tasks/:userId',
    auth: 'bearer',
    query: TaskListQuery,
    response: TaskListResponse,
  },
  generateTasks: {
    method: 'POST',
    path: '/api/tasks/:userId/generate',
    auth: 'bearer',
    response: GenerateTasksResponse,
  },
  patchTask: {
    method: 'PATCH',
    path: '/api/tasks/:taskId',
    auth: 'bearer',
    body: PatchTaskBody,
    response: PatchTaskResponse,
  },
  retryFailedTasks: {
    method: 'POST',
    path: '/api/tasks/:userId/retry-failed',
    auth: 'bearer',
    response: RetryFailedResponse,
  },
  taskResult: {
    method: 'GET',
    path: '/api/tasks/:taskId/result',
    auth: 'bearer',
    response: TaskResultResponse,
  },
  activities: {
    method: 'GET',
    path: '/api/activities/:userId',
    auth: 'bearer',
    query: ActivityQuery,
    response: ActivityResponse,
  },

  // Autonomy names the caller in x-user-id as well as the bearer (spec 2 §7).
  autonomySettings: {
    method: 'GET',
    path: '/api/autonomous/settings',
    auth: 'bearer',
    userIdHeader: true,
    response: AutonomySettingsResponse,
  },
  enableAutonomy: {
    method: 'POST',
    path: '/api/autonomous/enable',
    auth: 'bearer',
    userIdHeader: true,
    body: EnableAutonomyBody,
    response: AutonomySettingsResponse,
  },
  disableAutonomy: {
    method: 'POST',
    path: '/api/autonomous/disable',
    auth: 'bearer',
    userIdHeader: true,
    response: AutonomySettingsResponse,
  },
  updateAutonomy: {
    method: 'POST',
    path: '/api/autonomous/settings',
    auth: 'bearer',
    userIdHeader: true,
    body: UpdateAutonomyBody,
    response: AutonomySettingsResponse,
  },

  // The kill switch.
  agentsStatus: { method: 'GET', path: '/api/agents/status', auth: 'bearer', response: AgentsStatusResponse },
  stopAgents: { method: 'POST', path: '/api/agents/stop', auth: 'bearer', response: AgentsStatusResponse },
  resumeAgents: {
    method: 'POST',
    path: '/api/agents/resume',
    auth: 'bearer',
    response: AgentsStatusResponse,
  },

  approvals: {
    method: 'GET',
    path: '/api/approvals',
    auth: 'bearer',
    query: ApprovalsQuery,
    response: ApprovalsResponse,
  },
  decideApproval: {
    method: 'POST',
    path: '/api/approvals/:id',
    auth: 'bearer',
    body: DecideApprovalBody,
    response: DecideApprovalResponse,
  },
  retryPublish: {
    method: 'POST',
    path: '/api/approvals/:id/publish',
    auth: 'bearer',
    response: RetryPublishResponse,
  },
  postingSettings: {
    method: 'GET',
    path: '/api/user/posting-settings',
    auth: 'bearer',
    response: PostingSettingsResponse,
  },
  updatePostingSettings: {
    method: 'PUT',
    path: '/api/user/posting-settings',
    auth: 'bearer',
    body: PostingSettings,
    response: PostingSettingsResponse,
  },
} as const satisfies Endpoints;
