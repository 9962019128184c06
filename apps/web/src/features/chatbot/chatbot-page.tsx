import { ACTION_CONTACT } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { sendToNative } from '../../shared/bridge'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { Modal } from '../../shared/ui/modal'
import { PageFrame } from '../../shared/ui/page-frame'
import { RatingDialog } from '../../shared/ui/rating-dialog'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { TopicIcon } from '../../shared/ui/topic-icon'
import { qaListQuery, type QaEntry } from './api/get-qa-list'
import { recordQa, type QaReply } from './api/record-qa'
import { chatParams } from './params'
import styles from './chatbot.module.css'

/** What the borrower may type in one message (the server keeps at most this many characters). */
const MAX_TEXT = 200

type Item =
  | { id: number; kind: 'user'; text: string }
  | { id: number; kind: 'questions'; category: QaEntry; questions: QaEntry[] | undefined }
  | { id: number; kind: 'answer'; questionId: number; text: string; contact: boolean; verdict?: 'solved' | 'notSolved' }
  | { id: number; kind: 'reply'; reply: QaReply }

type NewItem = Item extends infer I ? (I extends Item ? Omit<I, 'id'> : never) : never

/** docs/product/complaints.md#chatbot: the smart assistant. */
export function ChatbotPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderNo, selectedIndex } = chatParams(useLocation().search)
  const { state, retry } = useScreenQuery(qaListQuery(api, orderNo, 0))

  let content
  if (state.status === 'ready') content = <Chat categories={state.data.answerList} orderNo={orderNo} selectedIndex={selectedIndex} />
  else if (state.status === 'loading') content = <Skeleton blocks={[72, 120]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.intelligentCustomerService')}>{content}</PageFrame>
}

const labelOf = (category: QaEntry) => category.title_local_alias || category.title_local

function Chat({ categories, orderNo, selectedIndex }: { categories: QaEntry[]; orderNo: string | undefined; selectedIndex: number | undefined }) {
  const { t } = useTranslation('complaints')
  const api = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const href = useScreenHref()
  const inputId = useId()
  const endRef = useRef<HTMLDivElement>(null)
  const busy = useRef(false)
  const [pending, setPending] = useState(false)
  const [text, setText] = useState('')
  const [rating, setRating] = useState<{ qaId: number; score: number }>()
  const [thanks, setThanks] = useState<string>()

  // Opened on a category (the older start page): the borrower's choice and its questions come
  // first, from the loader's answer when it has one, so the server's HTML shows them.
  const chosen = selectedIndex === undefined ? undefined : categories[selectedIndex]
  const opening = chosen && chosen.action_type !== ACTION_CONTACT ? chosen : undefined
  const [items, setItems] = useState<Item[]>(() =>
    opening
      ? [
          { id: 0, kind: 'user', text: labelOf(opening) },
          { id: 1, kind: 'questions', category: opening, questions: queryClient.getQueryData(qaListQuery(api, orderNo, opening.id).queryKey)?.answerList },
        ]
      : [],
  )
  const nextId = useRef(items.length)
  const add = (...added: NewItem[]) => setItems((current) => [...current, ...added.map((item) => ({ ...item, id: nextId.current++ }) as Item)])

  /** One call at a time, with the "answering…" bubble meanwhile; a failure is already shown (a toast). */
  const run = async (work: () => Promise<void>) => {
    if (busy.current) return
    busy.current = true
    setPending(true)
    try {
      await work()
    } catch {
      // The API client has told the borrower why.
    } finally {
      busy.current = false
      setPending(false)
    }
  }

  // The opening category's questions, when the loader could not bring them (a navigation in the app).
  useEffect(() => {
    const first = items[1]
    if (!opening || first?.kind !== 'questions' || first.questions !== undefined) return
    void run(async () => {
      const { answerList } = await queryClient.fetchQuery(qaListQuery(api, orderNo, opening.id))
      setItems((current) => current.map((item) => (item.id === first.id ? { ...first, questions: answerList } : item)))
    })
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // docs/product/complaints.md#chatbot: the conversation scrolls to its end on each update.
  useEffect(() => {
    if (items.length === 0 && !pending) return
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: reduce ? 'auto' : 'smooth' })
  }, [items, pending])

  const contact = () => void navigate(href(SCREEN_PATHS.complainPageNext, { orderNo }))

  const chooseCategory = (category: QaEntry) => {
    if (busy.current) return
    if (category.action_type === ACTION_CONTACT) {
      contact()
      return
    }
    add({ kind: 'user', text: labelOf(category) })
    void run(async () => {
      const { answerList } = await queryClient.fetchQuery(qaListQuery(api, orderNo, category.id))
      add({ kind: 'questions', category, questions: answerList })
    })
  }

  const chooseQuestion = (question: { id: number; title_local: string }) => {
    if (busy.current) return
    add({ kind: 'user', text: question.title_local })
    void run(async () => {
      const { answerList } = await queryClient.fetchQuery(qaListQuery(api, orderNo, question.id))
      add({
        kind: 'answer',
        questionId: question.id,
        text: answerList.map((answer) => answer.title_local).join('\n\n'),
        contact: answerList.some((answer) => answer.action_type === ACTION_CONTACT),
      })
    })
  }

  const judge = (item: Extract<Item, { kind: 'answer' }>, verdict: 'solved' | 'notSolved') => {
    if (busy.current) return
    setItems((current) => current.map((each) => (each.id === item.id ? { ...item, verdict } : each)))
    add({ kind: 'user', text: t(`chatbot.${verdict}`) })
    void run(async () => {
      const reply = await recordQa(api, { kind: verdict, orderNo, qaId: item.questionId })
      add({ kind: 'reply', reply })
      // docs/product/complaints.md#chatbot: solved asks for stars.
      if (verdict === 'solved') setRating({ qaId: item.questionId, score: 0 })
    })
  }

  const sendText = () => {
    const value = text.trim()
    // docs/product/complaints.md#chatbot: an empty message is not sent.
    if (value === '' || busy.current) return
    setText('')
    add({ kind: 'user', text: value })
    void run(async () => {
      add({ kind: 'reply', reply: await recordQa(api, { kind: 'freeText', orderNo, value }) })
    })
  }

  const rate = (score: number) => {
    if (!rating || busy.current) return
    const { qaId } = rating
    void run(async () => {
      const reply = await recordQa(api, { kind: 'rating', orderNo, value: String(score), qaId })
      setRating(undefined)
      // docs/product/complaints.md#chatbot: 4 or 5 stars go on to the app store's rating through the shell; fewer are thanked.
      if (reply.toRate === 1) sendToNative('toRate', { score })
      else setThanks(reply.message)
    })
  }

  return (
    <div className={styles.chat}>
      <div className={styles.log} role="log" aria-label={t('chatbot.logLabel')}>
        <Bubble from="bot">
          <p>{t('chatbot.greeting')}</p>
          <ul className={styles.categories} aria-label={t('chatbot.categoriesLabel')}>
            {categories.map((category) => (
              <li key={category.id}>
                <button type="button" className={styles.category} onClick={() => chooseCategory(category)}>
                  <TopicIcon name={category.icon} />
                  <span>{labelOf(category)}</span>
                </button>
              </li>
            ))}
          </ul>
        </Bubble>
        {items.map((item) => {
          if (item.kind === 'user') return <Bubble key={item.id} from="user">{item.text}</Bubble>
          if (item.kind === 'questions') {
            if (item.questions === undefined) return null
            return (
              <Bubble key={item.id} from="bot">
                {item.questions.length === 0 ? (
                  <p>{t('chatbot.questionsEmpty')}</p>
                ) : (
                  <>
                    <p>{t('chatbot.questionsIntro', { category: labelOf(item.category) })}</p>
                    <QuestionList questions={item.questions} onChoose={chooseQuestion} />
                  </>
                )}
              </Bubble>
            )
          }
          if (item.kind === 'answer') {
            return (
              <Bubble key={item.id} from="bot">
                <p className={styles.answer}>{item.text}</p>
                {item.contact && <ContactButton onClick={contact} />}
                {!item.verdict && (
                  <div className={styles.verdict} role="group" aria-label={t('chatbot.solvedPrompt')}>
                    <p>{t('chatbot.solvedPrompt')}</p>
                    <button type="button" className={buttons.secondary} onClick={() => judge(item, 'solved')}>
                      {t('chatbot.solved')}
                    </button>
                    <button type="button" className={buttons.secondary} onClick={() => judge(item, 'notSolved')}>
                      {t('chatbot.notSolved')}
                    </button>
                  </div>
                )}
              </Bubble>
            )
          }
          return (
            <Bubble key={item.id} from="bot">
              {item.reply.message && <p className={styles.answer}>{item.reply.message}</p>}
              {item.reply.answerList.length > 0 && (
                <>
                  <p>{t('chatbot.matchesIntro')}</p>
                  <QuestionList
                    questions={item.reply.answerList}
                    onChoose={(match) => {
                      if (busy.current) return
                      const found = item.reply.answerList.find((each) => each.id === match.id)
                      if (!found) return
                      add({ kind: 'user', text: found.title_local }, { kind: 'answer', questionId: found.id, text: found.answer, contact: found.action_type === ACTION_CONTACT })
                    }}
                  />
                </>
              )}
              {item.reply.action_type === ACTION_CONTACT && <ContactButton onClick={contact} />}
            </Bubble>
          )
        })}
        {pending && (
          <div className={styles.pending} role="status">
            {t('chatbot.thinking')}
          </div>
        )}
        <div ref={endRef} className={styles.end} />
      </div>

      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault()
          sendText()
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('chatbot.inputLabel')}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={MAX_TEXT}
          placeholder={t('chatbot.inputPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, MAX_TEXT))}
        />
        <button type="submit" className={buttons.primary}>
          {t('chatbot.send')}
        </button>
      </form>

      <RatingDialog
        open={rating !== undefined}
        texts={{
          title: t('chatbot.rating.title'),
          body: t('chatbot.rating.body'),
          starsLabel: t('chatbot.rating.starsLabel'),
          star: (count) => t('chatbot.rating.star', { count }),
          choose: t('chatbot.rating.choose'),
          cancel: t('chatbot.rating.cancel'),
          submit: t('chatbot.rating.submit'),
        }}
        score={rating?.score ?? 0}
        onScore={(score) => setRating((current) => current && { ...current, score })}
        pending={pending}
        onCancel={() => setRating(undefined)}
        onSubmit={rate}
      />
      <Modal
        open={thanks !== undefined}
        title={t('chatbot.rating.thanksTitle')}
        onClose={() => setThanks(undefined)}
        footer={
          <button type="button" className={buttons.primary} onClick={() => setThanks(undefined)}>
            {t('chatbot.rating.ok')}
          </button>
        }
      >
        <p>{thanks}</p>
      </Modal>
    </div>
  )
}

function Bubble({ from, children }: { from: 'bot' | 'user'; children: ReactNode }) {
  const { t } = useTranslation('complaints')
  return (
    <div className={from === 'bot' ? styles.bot : styles.user}>
      <span className="visually-hidden">{from === 'bot' ? t('chatbot.assistant') : t('chatbot.you')}: </span>
      {children}
    </div>
  )
}

function QuestionList({ questions, onChoose }: { questions: readonly { id: number; title_local: string }[]; onChoose: (question: { id: number; title_local: string }) => void }) {
  return (
    <ul className={styles.questions}>
      {questions.map((question) => (
        <li key={question.id}>
          <button type="button" className={styles.question} onClick={() => onChoose(question)}>
            {question.title_local}
          </button>
        </li>
      ))}
    </ul>
  )
}

function ContactButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('complaints')
  return (
    <button type="button" className={`${buttons.primary} ${styles.contact}`} onClick={onClick}>
      {t('chatbot.contact')}
    </button>
  )
}
