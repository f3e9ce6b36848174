import { accountEndpoints } from './contract/account.ts';
import { billingEndpoints } from './contract/billing.ts';
import { connectionsEndpoints } from './contract/connections.ts';
import type { Endpoint } from './contract/define.ts';
import { investorsEndpoints } from './contract/investors.ts';
import { machinesEndpoints } from './contract/machines.ts';
import { modelSettingsEndpoints } from './contract/model-settings.ts';
import { phoneEndpoints } from './contract/phone.ts';
import { voiceEndpoints } from './contract/voice.ts';
import { workEndpoints } from './contract/work.ts';

export {
  endpointPath,
  FORM_POST,
  HTML_PAGE,
  MULTIPART,
  queryString,
  TWIML,
  type Auth,
  type Endpoint,
  type HttpMethod,
  type PathParams,
} from './contract/define.ts';

/** The contract's areas; every entry is in exactly one (the contract test checks no name is declared twice). */
export const CONTRACT_AREAS = {
  account: accountEndpoints,
  work: workEndpoints,
  connections: connectionsEndpoints,
  voice: voiceEndpoints,
  billing: billingEndpoints,
  phone: phoneEndpoints,
  investors: investorsEndpoints,
  machines: machinesEndpoints,
  modelSettings: modelSettingsEndpoints,
} as const;

/**
 * The route contract: every endpoint the server's feature routers register, once, by name — method, Koa path,
 * who may call, the query and body the server parses and the schema of its answer (issue 21 §5). The typed client
 * (client.ts) is derived from it, and server/src/contract.test.ts fails when a server route and this list differ.
 * Not in it: the local auth server (/auth/v1, Supabase's wire format) and the /dev pages.
 */
export const contract = {
  ...accountEndpoints,
  ...workEndpoints,
  ...connectionsEndpoints,
  ...voiceEndpoints,
  ...billingEndpoints,
  ...phoneEndpoints,
  ...investorsEndpoints,
  ...machinesEndpoints,
  ...modelSettingsEndpoints,
} as const;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;

/** Every entry as `METHOD /path` with its name, e.g. for comparing with a router's table. */
export function contractRoutes(): { name: EndpointName; method: string; path: string; endpoint: Endpoint }[] {
  return (Object.keys(contract) as EndpointName[]).map((name) => {
    const endpoint: Endpoint = contract[name];
    return { name, method: endpoint.method, path: endpoint.path, endpoint };
  });
}
