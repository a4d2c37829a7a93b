import type { TLoginRequest, TLoginResponseData } from '@portal/shared/schemas/auth';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client';

type Callbacks = { onSuccess: (data: TLoginResponseData) => void; onError: (error: unknown) => void };

/**
 * The login request. Not a query-client mutation like the app's others: the login page hydrates
 * before the query client is loaded (app/login-island.tsx, docs/decisions/0033), and one request
 * with its pending and done states is all it needs. Its errors are the form's to show.
 */
export function useLogin() {
  const [status, setStatus] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const mutate = useCallback((input: TLoginRequest, { onSuccess, onError }: Callbacks) => {
    setStatus('pending');
    api.post<TLoginResponseData>('/login', input, { anonymous: true }).then(
      (data) => {
        setStatus('success');
        onSuccess(data);
      },
      (error: unknown) => {
        setStatus('error');
        onError(error);
      },
    );
  }, []);
  return { mutate, isPending: status === 'pending', isSuccess: status === 'success' };
}
