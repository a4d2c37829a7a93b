import type { TLoginRequest, TLoginResponseData } from '@portal/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (input: TLoginRequest) => api.post<TLoginResponseData>('/login', input, { anonymous: true }),
    meta: { silent: true },
  });
}
