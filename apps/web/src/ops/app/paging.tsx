import { Button, Flex } from 'antd'
import { useSearchParams } from '../../shared/router'
import { useOpsText } from './i18n'

/**
 * Key-set paging kept in the address: `cursor` is the last row's sort key of the page before (as the
 * answer's `nextCursor` gives it), so a page stays fast however deep and its link can be shared.
 */
export function KeyPager({ next, param = 'cursor' }: { next: string | number | null | undefined; param?: string }) {
  const { t } = useOpsText()
  const [params, setParams] = useSearchParams()
  const go = (value: string | number | null) => {
    const nextParams = new URLSearchParams(params)
    if (value === null) nextParams.delete(param)
    else nextParams.set(param, String(value))
    setParams(nextParams)
  }
  return (
    <Flex gap={8} style={{ marginTop: 16 }}>
      <Button disabled={!params.get(param)} onClick={() => go(null)}>
        {t('list.first')}
      </Button>
      <Button disabled={next === null || next === undefined} onClick={() => go(next ?? null)}>
        {t('list.next')}
      </Button>
    </Flex>
  )
}

/** A filter of a list kept in the address: setting it starts the list from its first page. */
export function useAddressFilter(): [URLSearchParams, (key: string, value: string | undefined) => void] {
  const [params, setParams] = useSearchParams()
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    next.delete('cursor')
    setParams(next)
  }
  return [params, set]
}
