import { OPS_ERROR_CODES, kbGapLink, kbGaps, type KbCategoryView, type KbGap } from '@kilat/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Modal, Select, Table } from 'antd'
import { useState } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { useOpsMutation } from '../app/mutation'
import { useNotices } from '../app/ops-app'
import { useOpsText } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { KB_GAPS_KEY, KB_KEY } from './kb-keys'

/** docs/product/knowledge-base.md#unanswered-questions: the market's groups, most typed first, each linked to a question. */
export function GapsView({ categories }: { categories: KbCategoryView[] }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const [market] = useOpsMarket()
  const [linking, setLinking] = useState<KbGap | undefined>()
  const [questionId, setQuestionId] = useState<number | undefined>()
  const gaps = useQuery({ queryKey: [...KB_GAPS_KEY, market], queryFn: ({ signal }) => callApi(kbGaps, { query: { market } }, { signal }) })
  const link = useOpsMutation({
    mutationFn: (vars: { gap: KbGap; questionId: number }, call) => call(kbGapLink, { body: { market, locale: vars.gap.locale, key: vars.gap.key, questionId: vars.questionId } }),
    success: ({ linked }) => t('kb.linkDone', { count: linked }),
    onSuccess: () => {
      setLinking(undefined)
      void queryClient.invalidateQueries({ queryKey: KB_KEY })
    },
    refresh: [KB_GAPS_KEY],
    onError: (error) => {
      // another admin linked it first: said as a warning, the list asked again
      if (!isCode(error, OPS_ERROR_CODES.kbGapGone)) return false
      void message.warning(t('kb.gapGone'))
      setLinking(undefined)
      return true
    },
  })
  // one flat list, each question named with its category: a grouped list's headings are too faint to read (axe)
  const options = (gap: KbGap) => categories.flatMap((c) => c.questions.map((q) => ({ value: q.id, label: `${q.title[gap.locale]} · ${c.title[gap.locale]}` })))

  return (
    <>
      <p>{t('kb.gapsHelp', { market: t(`market.${market}`) })}</p>
      <Table<KbGap>
        rowKey={(g) => `${g.locale}:${g.key}`}
        loading={gaps.isPending}
        dataSource={gaps.data?.groups}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: gaps.isError ? t('app.failed') : t('kb.noGaps') }}
        columns={[
          {
            key: 'text',
            title: t('kb.wording'),
            render: (_, g) => (
              <>
                <div>{g.text}</div>
                {g.examples.length > 0 && <div className="ops-muted">{t('kb.alsoTyped', { others: g.examples.join(' · ') })}</div>}
              </>
            ),
          },
          { key: 'locale', title: t('kb.language'), width: 160, render: (_, g) => t(`language.${g.locale}`) },
          { key: 'count', title: t('kb.count'), width: 90, align: 'right', dataIndex: 'count' },
          { key: 'lastAt', title: t('kb.lastAt'), width: 180, render: (_, g) => formatDateTime(g.lastAt, market) },
          {
            key: 'actions',
            title: t('kb.actions'),
            width: 190,
            fixed: 'right',
            render: (_, g) => (
              <Button
                size="small"
                onClick={() => {
                  setQuestionId(undefined)
                  setLinking(g)
                }}
                aria-label={`${t('kb.link')}: ${g.text}`}
              >
                {t('kb.link')}
              </Button>
            ),
          },
        ]}
      />
      {linking && (
        <Modal
          open
          title={t('kb.linkTitle', { text: linking.text })}
          onCancel={() => setLinking(undefined)}
          onOk={() => questionId !== undefined && link.mutate({ gap: linking, questionId })}
          okButtonProps={{ disabled: questionId === undefined }}
          okText={t('kb.link')}
          cancelText={t('kb.cancel')}
          confirmLoading={link.isPending}
        >
          <p>{t('kb.linkHelp', { count: linking.count })}</p>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
            aria-label={t('kb.chooseQuestion')}
            placeholder={t('kb.chooseQuestion')}
            value={questionId}
            onChange={setQuestionId}
            options={options(linking)}
          />
        </Modal>
      )}
    </>
  )
}
