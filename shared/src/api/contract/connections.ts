import { SuccessResponse } from '../../schemas/common.ts';
import {
  ConnectCodeResponse,
  ConnectionsResponse,
  SaveConnectionBody,
  SaveConnectionResponse,
  ServiceConnectionsBody,
  ServiceConnectionsResponse,
} from '../../schemas/connections.ts';
import { HTML_PAGE, type Endpoints } from './define.ts';

/** Social connections: the OAuth window's pages and the dashboard's calls (rules in oauth-flow.service). */
export const connectionsEndpoints = {
  /** The connect window (?userId=&code=, the single-use code from connectCode): redirects to the provider. */
  oauthStart: { method: 'GET', path: '/auth/:platform', auth: 'public', response: HTML_PAGE },
  /** The provider returns here; the page posts the outcome to the opener. */
  oauthCallback: { method: 'GET', path: '/auth/:platform/callback', auth: 'public', response: HTML_PAGE },

  connectCode: {
    method: 'POST',
    path: '/api/user/connections/:platform/code',
    auth: 'bearer',
    response: ConnectCodeResponse,
  },
  connections: {
    method: 'GET',
    path: '/api/user/connections',
    auth: 'bearer',
    response: ConnectionsResponse,
  },
  saveConnection: {
    method: 'POST',
    path: '/api/user/connections/:platform',
    auth: 'bearer',
    body: SaveConnectionBody,
    response: SaveConnectionResponse,
  },
  deleteConnection: {
    method: 'DELETE',
    path: '/api/user/connections/:platform',
    auth: 'bearer',
    response: SuccessResponse,
  },
  /** The dashboard's whole connections map after a change (spec 1 §4); validated, nothing stored. */
  pushServiceConnections: {
    method: 'POST',
    path: '/api/agents/service-connections',
    auth: 'bearer',
    body: ServiceConnectionsBody,
    response: ServiceConnectionsResponse,
  },
} as const satisfies Endpoints;
