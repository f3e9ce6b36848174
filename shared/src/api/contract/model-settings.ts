import { LocalModelServersResponse } from '../../schemas/local-models.ts';
import type { Endpoints } from './define.ts';

/** Settings → Model (issue 23): the model a founder connects, and the local model servers this machine runs. */
export const modelSettingsEndpoints = {
  /** Local mode and this machine only (404 otherwise): what the last scan of loopback found. */
  localModelServers: {
    method: 'GET',
    path: '/api/model-settings/local-servers',
    auth: 'bearer',
    response: LocalModelServersResponse,
  },
  /** "Scan again": probes loopback now (429 within LOCAL_MODEL_SERVERS.rescanCooldownMs of the last scan). */
  scanLocalModelServers: {
    method: 'POST',
    path: '/api/model-settings/local-servers/scan',
    auth: 'bearer',
    response: LocalModelServersResponse,
  },
} as const satisfies Endpoints;
