import { useQuery } from '@tanstack/react-query';
import { apiPaths, clientConfigResponse, isSuccess, type ClientConfig } from '@localmart/contract';
import { env } from '../../../lib/env.ts';
import { http, type HttpClient } from '../../../lib/http.ts';
import { authKeys } from './query-keys.ts';

/** What the app assumes when the server cannot say: our build-time name, Google not configured. */
export function fallbackClientConfig(): ClientConfig {
  return { appName: env.appName, googleClientId: null };
}

/**
 * GET client-config: public runtime settings (product name, Google client id, null when Google
 * sign-in is not configured), or null when the server could not say.
 */
export async function getClientConfig(client: HttpClient = http): Promise<ClientConfig | null> {
  const answer = await client.getNoToken(apiPaths.clientConfig, undefined, clientConfigResponse);
  return isSuccess(answer) ? answer.result : null;
}

let cached: Promise<ClientConfig | null> | null = null;

/**
 * The settings, asked once per visit (they do not change while the app runs). Never fails: without
 * an answer the build-time defaults apply, and the next call asks again.
 */
export async function loadClientConfig(client: HttpClient = http): Promise<ClientConfig> {
  cached ??= getClientConfig(client);
  const config = await cached;
  if (config) return config;
  cached = null;
  return fallbackClientConfig();
}

export function useClientConfig() {
  return useQuery({
    queryKey: authKeys.clientConfig(),
    queryFn: () => loadClientConfig(),
    staleTime: Infinity,
  });
}

/** The product name for messages: the server's when known, else VITE_APP_NAME (or the default). */
export function useAppName(): string {
  return useClientConfig().data?.appName || env.appName;
}
