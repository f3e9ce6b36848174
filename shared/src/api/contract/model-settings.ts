import { LocalModelServersResponse } from '../../schemas/local-models.ts';
import {
  ModelConnectionInput,
  ModelConnectionTest,
  ModelSettingsResponse,
  ModelTestResponse,
} from '../../schemas/model-settings.ts';
import type { Endpoints } from './define.ts';

/** Settings → Model (issue 23): the model a founder connects, and the local model servers this machine runs. */
export const modelSettingsEndpoints = {
  /** The founder's own connection (key as a hint only) and who answers them now. */
  getModelSettings: {
    method: 'GET',
    path: '/api/model-settings',
    auth: 'bearer',
    response: ModelSettingsResponse,
  },
  /** Connect or change the founder's model (base URL checked against the SSRF rule); used from the next request on. */
  saveModelSettings: {
    method: 'PUT',
    path: '/api/model-settings',
    auth: 'bearer',
    body: ModelConnectionInput,
    response: ModelSettingsResponse,
  },
  /** Back to the server's default (the saved key is deleted). */
  resetModelSettings: {
    method: 'DELETE',
    path: '/api/model-settings',
    auth: 'bearer',
    response: ModelSettingsResponse,
  },
  /** Test connection: the models list and a one-token completion, with latency or the failure in plain words. */
  testModelConnection: {
    method: 'POST',
    path: '/api/model-settings/test',
    auth: 'bearer',
    body: ModelConnectionTest,
    response: ModelTestResponse,
  },
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
