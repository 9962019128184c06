import { ACTION_CONTACT } from '@kilat/contract'
import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { qaListQuery, type QaList } from './api/get-qa-list'
import { chatParams } from './params'

/**
 * The categories; opened on one (the older start page's `selectedIndex`), its questions too, so
 * the first HTML already shows them.
 */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api, queryClient } = load
  const { orderNo, selectedIndex } = chatParams(new URL(request.url).search)
  const categories = qaListQuery(api, orderNo, 0)
  const result = await loadScreen(load, categories)
  const chosen = selectedIndex === undefined ? undefined : queryClient.getQueryData<QaList>(categories.queryKey)?.answerList[selectedIndex]
  if (!result.failed && chosen && chosen.action_type !== ACTION_CONTACT) {
    const questions = qaListQuery(api, orderNo, chosen.id)
    if (load.server) await queryClient.fetchQuery(questions).catch(() => undefined)
    else void queryClient.prefetchQuery(questions)
  }
  return result
}
