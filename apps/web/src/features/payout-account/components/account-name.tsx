import { useTranslation, type TFunction } from '../../../shared/i18n'
import type { PayoutAccountView } from '../api/get-payout-account'

type Shown = Pick<PayoutAccountView, 'institution' | 'last4' | 'masked'>

/** An account in words, "BCA, ending in 7890": what a screen reader says for `BCA •••• 7890`. */
export function accountInWords(t: TFunction<'payoutAccount'>, account: Shown): string {
  return account.last4 === null ? account.masked : t('current.endingIn', { institution: account.institution, last4: account.last4 })
}

/** An account as the server masks it (the institution and the last four digits at most), read out in words. */
export function AccountName({ account }: { account: Shown }) {
  const { t } = useTranslation('payoutAccount')
  if (account.last4 === null) return account.masked
  return (
    <>
      <span aria-hidden="true">{account.masked}</span>
      <span className="visually-hidden">{accountInWords(t, account)}</span>
    </>
  )
}
