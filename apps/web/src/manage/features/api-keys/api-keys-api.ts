import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKey,
  apiKeyResponse,
  apiKeysResponse,
  createdApiKeyResponse,
  isSuccess,
  managePaths,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

export const apiKeysKey = (businessId: string) => ['manage', businessId, 'api-keys'] as const;

export async function getApiKeys(businessId: string, client: HttpClient = http): Promise<ApiKey[]> {
  const answer = await client.get(managePaths.apiKeys(businessId), undefined, apiKeysResponse);
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.results;
}

export function useApiKeys(businessId: string) {
  return useQuery({ queryKey: apiKeysKey(businessId), queryFn: () => getApiKeys(businessId) });
}

export type CreateKeyResult =
  { ok: true; key: ApiKey; secret: string } | { ok: false; message: string };

export async function createApiKey(
  businessId: string,
  name: string,
  client: HttpClient = http,
): Promise<CreateKeyResult> {
  const answer = await client.postJson(
    managePaths.apiKeys(businessId),
    { name },
    createdApiKeyResponse,
  );
  return isSuccess(answer)
    ? { ok: true, key: answer.result.key, secret: answer.result.secret }
    : { ok: false, message: answer.message };
}

export async function revokeApiKey(
  businessId: string,
  keyId: string,
  client: HttpClient = http,
): Promise<{ ok: boolean; message: string }> {
  const answer = await client.del(managePaths.apiKey(businessId, keyId), apiKeyResponse);
  return { ok: isSuccess(answer), message: answer.message ?? '' };
}

export function useCreateApiKey(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createApiKey(businessId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(businessId) }),
  });
}

export function useRevokeApiKey(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(businessId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(businessId) }),
  });
}
