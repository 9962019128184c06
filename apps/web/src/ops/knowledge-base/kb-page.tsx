import { kbEntries, type KbCategoryView, type KbQuestionView } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Table, Tabs, Tag } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { Loading, LoadFailure } from '../app/states'
import { KB_KEY } from './kb-keys'

// The forms and the unanswered list: loaded when opened, not with the list.
const QuestionForm = lazy(async () => ({ default: (await import('./kb-forms')).QuestionForm }))
const CategoryForm = lazy(async () => ({ default: (await import('./kb-forms')).CategoryForm }))
const GapsView = lazy(async () => ({ default: (await import('./gaps-view')).GapsView }))

type Editing = { kind: 'question'; question?: KbQuestionView; categoryId: number } | { kind: 'category'; category?: KbCategoryView }

/**
 * docs/product/knowledge-base.md#the-console: the chatbot's categories and questions in the staff
 * member's language, each edited in all three; the unanswered questions in their own tab. The
 * category and tab are kept in the address.
 */
export function KbPage() {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'gaps' ? 'gaps' : 'questions'
  const entries = useQuery({ queryKey: KB_KEY, queryFn: ({ signal }) => callApi(kbEntries, {}, { signal }) })
  const [editing, setEditing] = useState<Editing | undefined>()
  const categories = entries.data?.categories ?? []
  const chosen = categories.find((c) => String(c.id) === params.get('category')) ?? categories[0]
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    next.set(key, value)
    setParams(next)
  }

  const questions = (
    <Flex gap={16} align="start" className="ops-kb">
      <nav aria-label={t('kb.categories')} className="ops-kb-categories">
        <h2 className="ops-kb-heading">{t('kb.categories')}</h2>
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <Button
                type="text"
                block
                className={c.id === chosen?.id ? 'ops-kb-current' : undefined}
                onClick={() => setParam('category', String(c.id))}
                aria-current={c.id === chosen?.id ? 'true' : undefined}
              >
                {c.title[locale]} {c.active ? null : <Tag>{t('kb.hidden')}</Tag>}
              </Button>
            </li>
          ))}
        </ul>
        <Button block onClick={() => setEditing({ kind: 'category' })}>
          {t('kb.newCategory')}
        </Button>
      </nav>
      <div className="ops-kb-questions">
        {chosen && (
          <Flex justify="space-between" align="center" className="ops-filters">
            <h2 className="ops-kb-heading">
              {chosen.title[locale]} {chosen.active ? null : <Tag>{t('kb.hidden')}</Tag>}
            </h2>
            <Flex gap={8}>
              <Button onClick={() => setEditing({ kind: 'category', category: chosen })}>{t('kb.editCategory')}</Button>
              <Button type="primary" onClick={() => setEditing({ kind: 'question', categoryId: chosen.id })}>
                {t('kb.newQuestion')}
              </Button>
            </Flex>
          </Flex>
        )}
        <Table<KbQuestionView>
          rowKey="id"
          loading={entries.isPending}
          dataSource={chosen?.questions}
          pagination={false}
          locale={{ emptyText: t('kb.noQuestions') }}
          expandable={{ expandedRowRender: (q) => <p className="ops-kb-answer">{q.answer[locale]}</p> }}
          columns={[
            { key: 'title', title: t('kb.question'), render: (_, q) => q.title[locale] },
            {
              key: 'status',
              title: t('kb.status'),
              width: 130,
              render: (_, q) => (q.active ? <Tag color="green">{t('kb.shown')}</Tag> : <Tag>{t('kb.hidden')}</Tag>),
            },
            {
              key: 'actions',
              title: t('kb.actions'),
              width: 110,
              fixed: 'right',
              render: (_, q) => (
                <Button size="small" onClick={() => setEditing({ kind: 'question', question: q, categoryId: q.categoryId })} aria-label={t('kb.editOf', { title: q.title[locale] })}>
                  {t('kb.edit')}
                </Button>
              ),
            },
          ]}
        />
      </div>
    </Flex>
  )

  return (
    <>
      <h1 className="ops-title">{t('kb.title')}</h1>
      {entries.isError ? (
        <LoadFailure error={entries.error} retry={() => void entries.refetch()} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParam('tab', key)}
          items={[
            { key: 'questions', label: t('kb.tabQuestions'), children: questions },
            {
              key: 'gaps',
              label: t('kb.tabGaps'),
              children: (
                <Suspense fallback={<Loading />}>
                  <GapsView categories={categories} />
                </Suspense>
              ),
            },
          ]}
        />
      )}
      <Suspense fallback={null}>
        {editing?.kind === 'question' && (
          <QuestionForm categories={categories} question={editing.question} categoryId={editing.categoryId} onClose={() => setEditing(undefined)} />
        )}
        {editing?.kind === 'category' && <CategoryForm category={editing.category} onClose={() => setEditing(undefined)} onSaved={(c) => setParam('category', String(c.id))} />}
      </Suspense>
    </>
  )
}
