import type {
  TActivationResult,
  TForgotPasswordRequest,
  TRecoveryAccount,
  TRecoveryRequest,
  TRecoveryState,
  TRegisterRequest,
  TRegistrationLookups,
  TResetPasswordRequest,
  TVerifyEmailCodeRequest,
} from '@portal/shared/schemas/accounts';
import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The account calls (SPEC §7, docs/decisions/0005-accounts.md), each path once. */
export const accountEndpoints = {
  register: '/register',
  verifyEmailCode: '/users/verify/email',
  resendActivation: '/users/verify/email/resend',
  activation: (token: string) => `/activation/${encodeURIComponent(token)}`,
  recoveryActivation: (token: string) => `/recovery/activation/${encodeURIComponent(token)}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/resetPassword',
  registrationLookups: '/user/register/data',
  recovery: '/recovery',
} as const;

/** Every mutation here handles its own errors (field errors, alerts, the spec's messages). */
const silent = { silent: true } as const;

export function useRegister() {
  return useMutation({
    mutationFn: (input: TRegisterRequest) =>
      api.post<TLoginResponseData>(accountEndpoints.register, input, { anonymous: true }),
    meta: silent,
  });
}

export function useVerifyEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TVerifyEmailCodeRequest) =>
      api.post<TActivationResult>(accountEndpoints.verifyEmailCode, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', 'me'] }),
    meta: silent,
  });
}

export function useResendActivation() {
  return useMutation({
    mutationFn: () => api.post<unknown>(accountEndpoints.resendActivation),
    meta: silent,
  });
}

/** The activation link of an email: the link or the recovery-confirmation link. */
export type ActivationKind = 'email' | 'recovery';

export function useActivateByToken(kind: ActivationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<TActivationResult>(
        kind === 'email' ? accountEndpoints.activation(token) : accountEndpoints.recoveryActivation(token),
        undefined,
        { anonymous: true },
      ),
    // A signed-in user who opened the link sees their account change at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', 'me'] }),
    meta: silent,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: TForgotPasswordRequest) =>
      api.post<unknown>(accountEndpoints.forgotPassword, input, { anonymous: true }),
    meta: silent,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: TResetPasswordRequest) =>
      api.post<unknown>(accountEndpoints.resetPassword, input, { anonymous: true }),
    meta: silent,
  });
}

/** Registration lookups (degrees, levels, qualifications, …): the same for everyone, kept for the visit. */
export function useRegistrationLookups() {
  return useQuery({
    queryKey: ['accounts', 'registration-lookups'],
    queryFn: () => api.post<TRegistrationLookups>(accountEndpoints.registrationLookups, undefined, { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const recoveryStateKey = ['accounts', 'recovery'] as const;

export function useRecoveryState() {
  return useQuery({
    queryKey: recoveryStateKey,
    queryFn: ({ signal }) => api.get<TRecoveryState>(accountEndpoints.recovery, signal),
  });
}

export function useSubmitRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TRecoveryRequest) => api.post<TRecoveryAccount>(accountEndpoints.recovery, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recoveryStateKey });
      void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
    },
    meta: silent,
  });
}
