import { useState } from 'react'
import { OPS_ERROR_CODES } from '@kilat/contract'
import type { QueryKey, UseMutationResult } from '@tanstack/react-query'
import { Button, Popconfirm, Space } from 'antd'
import type { CallApi } from '../../shared/api'
import { isCode } from './api'
import { useOpsText, type OpsT } from './i18n'
import { useOpsMutation, type OpsMutationOptions, type OpsNotice } from './mutation'
import { useStaff } from './session'

/**
 * Four eyes (docs/product/operations.md#four-eyes): one staff member asks for a payout, a waiver or refund,
 * a reconciliation's resolution, a product's version or a grant of admin; another confirms it, and
 * either may withdraw it. The five flows share this file: the calls, their notices and refreshes
 * (`useFourEyes`), the buttons and the maker's own view of what they asked for (`FourEyesActions`).
 */

/** The server refusing a confirmation by the member who asked for it: one code for every flow. */
export function isSameMemberRefusal(error: unknown): boolean {
  return isCode(error, OPS_ERROR_CODES.fourEyesSameMember)
}

type Decide<I, R> = (id: I, callApi: CallApi) => Promise<R>

export interface FourEyesOptions<I, C, W, V, R> {
  /** The maker's request, when this screen makes it (a button or a form beside the queue). */
  request?: Omit<OpsMutationOptions<V, R>, 'refresh' | 'errorText'>
  confirm: Decide<I, C>
  /** Withdrawing (rejecting) the request: the maker or a checker. */
  withdraw: Decide<I, W>
  confirmed?: OpsNotice<C, I>
  withdrawn?: OpsNotice<W, I>
  /** Asked again after any of the three, done or refused. */
  refresh: readonly QueryKey[]
  /** What the maker reads when the server refuses them confirming their own request. */
  sameMember: string
  /** The flow's other refusals in words (a request already waiting, no longer pending...). */
  errorText?: (error: unknown, t: OpsT) => string | undefined
}

export interface FourEyes<I, V = void, R = unknown> {
  request: UseMutationResult<R, Error, V>
  confirm: UseMutationResult<unknown, Error, I>
  withdraw: UseMutationResult<unknown, Error, I>
  /** The flow's refusals in words, the same-member refusal first: for its other calls. */
  errorText: (error: unknown, t: OpsT) => string | undefined
}

const noRequest = () => Promise.reject(new Error('no request on this screen'))

/** The calls of one four-eyes flow, with the console's notices and the flow's refreshes. */
export function useFourEyes<I, C = unknown, W = unknown, V = void, R = unknown>(options: FourEyesOptions<I, C, W, V, R>): FourEyes<I, V, R> {
  const { refresh, sameMember, errorText: own } = options
  const errorText = (error: unknown, t: OpsT) => (isSameMemberRefusal(error) ? sameMember : own?.(error, t))
  const request = useOpsMutation<V, R>({ mutationFn: noRequest, ...options.request, refresh, errorText })
  const confirm = useOpsMutation<I, C>({ mutationFn: options.confirm, success: options.confirmed, refresh, errorText })
  const withdraw = useOpsMutation<I, W>({ mutationFn: options.withdraw, success: options.withdrawn, refresh, errorText })
  return { request, confirm: confirm as UseMutationResult<unknown, Error, I>, withdraw: withdraw as UseMutationResult<unknown, Error, I>, errorText }
}

export interface FourEyesActionsProps<I> {
  flow: Pick<FourEyes<I>, 'confirm' | 'withdraw'>
  /** What confirm and withdraw are sent with (the request's id). */
  id: I
  /** The staff member who asked for it: they may not confirm it. */
  maker: number | null | undefined
  /** What the buttons act on, said after their names for a screen reader (an order, a payment...). */
  subject?: string
  confirmLabel: string
  /** The question before confirming: what confirming will do. */
  confirmQuestion: string
  withdrawLabel: string
  /** Shown to the maker instead of the confirm button; without it the button is there but disabled. */
  ownNote?: string
  /** The disabled button's title for the maker. */
  ownTitle?: string
  /** From then on nobody may confirm it (docs/product/operations.md#four-eyes): it is withdrawn and asked again. */
  expiresAt?: string
}

/**
 * A waiting request's buttons: confirm (after a question) for another member, withdraw for anyone.
 * The maker sees that someone else must confirm; a button shows its call under way.
 */
export function FourEyesActions<I>({ flow, id, maker, subject, confirmLabel, confirmQuestion, withdrawLabel, ownNote, ownTitle, expiresAt }: FourEyesActionsProps<I>) {
  const { t } = useOpsText()
  const staff = useStaff()
  const own = maker === staff.id
  // the moment the row was drawn: the list is asked again after every decision
  const [drawnAt] = useState(() => Date.now())
  const expired = expiresAt !== undefined && drawnAt >= Date.parse(expiresAt)
  const named = (label: string) => (subject ? `${label} ${subject}` : undefined)
  const busy = (m: UseMutationResult<unknown, Error, I>) => m.isPending && m.variables === id
  return (
    <Space wrap>
      {expired ? (
        <span className="ops-muted">{t('app.fourEyesExpired')}</span>
      ) : own && ownNote ? (
        <span className="ops-muted">{ownNote}</span>
      ) : (
        <Popconfirm title={confirmQuestion} onConfirm={() => flow.confirm.mutate(id)} okText={confirmLabel} cancelText={t('staff.cancel')} disabled={own}>
          <Button type="primary" size="small" disabled={own} title={own ? ownTitle : undefined} loading={busy(flow.confirm)} aria-label={named(confirmLabel)}>
            {confirmLabel}
          </Button>
        </Popconfirm>
      )}
      <Button size="small" onClick={() => flow.withdraw.mutate(id)} loading={busy(flow.withdraw)} aria-label={named(withdrawLabel)}>
        {withdrawLabel}
      </Button>
    </Space>
  )
}
