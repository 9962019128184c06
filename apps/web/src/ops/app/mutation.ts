import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query'
import type { FormInstance } from 'antd'
import { useApi, type CallApi } from '../../shared/api'
import { showFieldErrors } from './form-errors'
import { useOpsText, type OpsKey, type OpsT } from './i18n'
import { useNotices } from './ops-app'

/** A text, or one made from the call's answer and what it was sent with (`undefined`: none). */
export type OpsNotice<R, V> = string | ((data: R, variables: V) => string | undefined)

export interface OpsMutationOptions<V, R> {
  /** The call, with the console's client (which shows nothing itself: the helper does). */
  mutationFn: (variables: V, callApi: CallApi) => Promise<R>
  /** The notice after a success. */
  success?: OpsNotice<R, V>
  /** Queries asked again once the call is over, done or refused: the screen shows what is true now. */
  refresh?: readonly QueryKey[]
  /** The form whose fields a refusal may name: those errors go beside the fields, with no notice. */
  form?: FormInstance
  /** Words for some fields' errors, by field name (else "invalid"). */
  fieldMessages?: Record<string, OpsKey>
  /** The screen's own refusals in words; others say the server's message, else that it failed. */
  errorText?: (error: unknown, t: OpsT) => string | undefined
  onSuccess?: (data: R, variables: V) => unknown
  /** Runs on a refusal (after the form's fields had their say): `true` when it showed the refusal itself. */
  onError?: (error: Error, variables: V) => boolean | void
}

/** What a refusal says to the staff member: the screen's words for it, else the server's message. */
export function refusalText(error: unknown, t: OpsT, errorText?: (error: unknown, t: OpsT) => string | undefined): string {
  return errorText?.(error, t) ?? (error instanceof Error && error.message ? error.message : t('app.failed'))
}

/**
 * A staff member's action in the console (docs/product/operations.md#calls): a success says so in
 * a notice; a refusal puts the fields' errors beside a form's fields, else says why in a notice;
 * either way the queries named in `refresh` are asked again. The console's API client shows
 * nothing itself (no borrower toast), so every call site leaves that to this one place.
 */
export function useOpsMutation<V = void, R = unknown>(options: OpsMutationOptions<V, R>): UseMutationResult<R, Error, V> {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const { mutationFn, success, refresh, form, fieldMessages, errorText, onSuccess, onError } = options
  return useMutation<R, Error, V>({
    mutationFn: (variables) => mutationFn(variables, callApi),
    onSuccess: (data, variables) => {
      const text = typeof success === 'function' ? success(data, variables) : success
      if (text) void message.success(text)
      return onSuccess?.(data, variables)
    },
    onError: (error, variables) => {
      if (form && showFieldErrors(form, error, t, fieldMessages)) return
      if (onError?.(error, variables) === true) return
      void message.error(refusalText(error, t, errorText))
    },
    onSettled: () => {
      for (const queryKey of refresh ?? []) void queryClient.invalidateQueries({ queryKey })
    },
  })
}
