import { CALL_TOOLS, CreateTaskToolArgs } from '@cofounder/shared';
import { z } from 'zod';
import type { RealtimeTool } from '../../providers/voice/port.ts';

/** The function tools every call session declares (the browser runs them through POST /api/realtime-voice/tool). */
export const CALL_TOOL_DEFINITIONS: RealtimeTool[] = [
  {
    type: 'function',
    name: CALL_TOOLS.createTask,
    description:
      "Create a task for the founder's AI agents to work on. description: one sentence saying what to do. " +
      'agent: the agent whose work it is. requiredPlatforms: the social accounts it posts to, if any. ' +
      'priority: 1-10, 10 most urgent (leave it out when the founder did not say).',
    // The provider takes plain JSON schema (the input side: fields with defaults may be left out); no $schema marker.
    parameters: (({ $schema: _marker, ...schema }) => schema)(z.toJSONSchema(CreateTaskToolArgs, { io: 'input' }) as Record<string, unknown>),
  },
];
