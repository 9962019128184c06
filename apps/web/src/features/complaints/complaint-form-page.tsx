import { COLLECTION_PROBLEM_TYPE, COMPLAINT_LIMITS, type OrderCard } from '@kilat/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { LeaveGuard } from '../../shared/ui/leave-guard'
import { Modal } from '../../shared/ui/modal'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { useSaveComplaint } from './api/save-complaint'
import { ImagePicker } from './components/image-picker'
import { clearDraft, newRequestKey, readDraft, writeDraft } from './draft'
import { problemInitQuery, selectedOrder, type ProblemInit, complaintParams, orderRefusal, styles } from './common'

/** docs/product/complaints.md#form: after the success modal, back to the start page. */
export const BACK_TO_START_MS = 1500

/** docs/product/complaints.md#form: the complaint itself, with its type, description and photos. */
export function ComplaintFormPage() {
  const { t } = useTranslation('complaints')
  const { t: tc } = useTranslation()
  const api = useApi()
  const href = useScreenHref()
  const params = complaintParams(useLocation().search)
  const { state, retry } = useScreenQuery(problemInitQuery(api, params.orderNo))

  let content
  if (state.status === 'loading') content = <Skeleton blocks={[80, 120, 200]} />
  else if (state.status !== 'ready') content = <ScreenFailure state={state} retry={retry} />
  else {
    const order = selectedOrder(state.data, params.orderNo)
    content = order ? (
      <ComplaintForm key={order.orderNo} init={state.data} order={order} params={params} />
    ) : (
      <Notice
        heading={tc('routes.complainPageNext')}
        actions={
          <Link className={buttons.primary} to={href(SCREEN_PATHS.customerService)}>
            {tc('routes.customerService')}
          </Link>
        }
      >
        <p>{t('form.noOrder')}</p>
      </Notice>
    )
  }
  return <PageFrame title={tc('routes.complainPageNext')}>{content}</PageFrame>
}

interface Fields {
  type: number | undefined
  sonType: number | undefined
  detail: string
  images: string[]
  requestKey: string
}

interface Errors {
  type?: string
  detail?: string
}

function ComplaintForm({ init, order, params }: { init: ProblemInit; order: OrderCard; params: ReturnType<typeof complaintParams> }) {
  const { t } = useTranslation('complaints')
  const { t: tc } = useTranslation()
  const href = useScreenHref()
  const navigate = useNavigate()
  const ids = { types: useId(), subTypes: useId(), typeError: useId(), detail: useId(), counter: useId(), detailError: useId() }
  const known = (value: number | undefined, options: readonly { value: number }[]) => (options.some((option) => option.value === value) ? value : undefined)
  const [fields, setFields] = useState<Fields>(() => ({
    type: known(params.problemType, init.problemType),
    sonType: known(params.problemSonType, init.problemSonType),
    detail: '',
    images: [],
    requestKey: '',
  }))
  const { type, sonType, detail, images, requestKey } = fields
  const update = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }))
  const [errors, setErrors] = useState<Errors>({})
  const [uploading, setUploading] = useState(false)
  const [savedDue, setSavedDue] = useState<string>()
  const restored = useRef(false)
  const detailRef = useRef<HTMLTextAreaElement>(null)
  const typesRef = useRef<HTMLFieldSetElement>(null)
  const save = useSaveComplaint(t('form.sending'))
  const max = COMPLAINT_LIMITS.detailMax
  const startHref = href(SCREEN_PATHS.complaint, { orderNo: order.orderNo })

  // The draft of this order's complaint comes back after a reload or a detour (after hydration, so
  // the server's HTML and the first render agree); the type in the address wins.
  useEffect(() => {
    const draft = readDraft()
    const fromDraft: Partial<Fields> =
      draft && draft.orderNo === order.orderNo
        ? {
            detail: draft.detail.slice(0, max),
            images: draft.images.slice(0, COMPLAINT_LIMITS.imagesMax),
            requestKey: draft.requestKey,
            ...(params.problemType === undefined && {
              type: known(draft.problemType, init.problemType),
              sonType: known(draft.problemSonType, init.problemSonType),
            }),
          }
        : { requestKey: newRequestKey() }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only after hydration
    setFields((current) => ({ ...current, ...fromDraft }))
    restored.current = true
    // Once per form: the form is keyed by its order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!restored.current || savedDue !== undefined || !requestKey) return
    writeDraft({ orderNo: order.orderNo, problemType: type, problemSonType: sonType, detail, images, requestKey })
  }, [order.orderNo, type, sonType, detail, images, requestKey, savedDue])

  // docs/product/complaints.md#form: the success modal, then back to the start after 1.5 s.
  useEffect(() => {
    if (savedDue === undefined) return
    const timer = setTimeout(() => void navigate(startHref, { replace: true }), BACK_TO_START_MS)
    return () => clearTimeout(timer)
  }, [savedDue, navigate, startHref])

  const chooseType = (value: number) => {
    const refusal = orderRefusal(value, order)
    if (refusal) {
      setErrors((current) => ({ ...current, type: t(refusal) }))
      return
    }
    update(value === COLLECTION_PROBLEM_TYPE ? { type: value } : { type: value, sonType: undefined })
    setErrors((current) => ({ ...current, type: undefined }))
  }

  const send = () => {
    if (save.isPending || uploading) return
    const next: Errors = {}
    if (type === undefined) next.type = t('form.chooseType')
    else if (orderRefusal(type, order)) next.type = t(orderRefusal(type, order)!)
    else if (type === COLLECTION_PROBLEM_TYPE && sonType === undefined) next.type = t('form.chooseSubType')
    // docs/product/complaints.md#limits: a description of spaces only is empty.
    if (detail.trim() === '') next.detail = t('form.detailRequired')
    setErrors(next)
    if (next.type) typesRef.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus()
    else if (next.detail) detailRef.current?.focus()
    if (next.type || next.detail || type === undefined) return
    save.mutate(
      {
        problemType: type,
        problemSonType: type === COLLECTION_PROBLEM_TYPE ? sonType : undefined,
        problemDetail: detail.trim(),
        images,
        orderNo: order.orderNo,
        requestKey: requestKey || newRequestKey(),
      },
      {
        onSuccess: (saved) => {
          clearDraft()
          setSavedDue(saved.replyDue)
        },
      },
    )
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <p className={styles.orderLine}>
        <span>{order.productName}</span> <span className={styles.orderNo}>{t('order.label', { orderNo: order.orderNo })}</span>
      </p>

      <fieldset ref={typesRef} className={styles.field} aria-describedby={errors.type ? ids.typeError : undefined}>
        <legend className={styles.label}>{t('form.typesLabel')}</legend>
        <div className={styles.tags}>
          {init.problemType.map((option) => (
            <label key={option.value} className={styles.tag}>
              <input type="radio" name="problemType" value={option.value} checked={type === option.value} onChange={() => chooseType(option.value)} />
              <span>{option.title}</span>
            </label>
          ))}
        </div>
        {type === COLLECTION_PROBLEM_TYPE && (
          <fieldset className={styles.subField}>
            <legend className={styles.label}>{t('form.subTypesLabel')}</legend>
            <div className={styles.tags}>
              {init.problemSonType.map((option) => (
                <label key={option.value} className={styles.tag}>
                  <input
                    type="radio"
                    name="problemSonType"
                    value={option.value}
                    checked={sonType === option.value}
                    onChange={() => {
                      update({ sonType: option.value })
                      setErrors((current) => ({ ...current, type: undefined }))
                    }}
                  />
                  <span>{option.title}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {errors.type && (
          <p id={ids.typeError} className={styles.error} role="alert">
            {errors.type}
          </p>
        )}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={ids.detail} className={styles.label}>
          {t('form.detailLabel')}
        </label>
        <textarea
          ref={detailRef}
          id={ids.detail}
          className={styles.textarea}
          rows={6}
          maxLength={max}
          placeholder={t('form.detailPlaceholder')}
          value={detail}
          aria-invalid={errors.detail ? true : undefined}
          aria-describedby={errors.detail ? `${ids.detailError} ${ids.counter}` : ids.counter}
          onChange={(event) => {
            // docs/product/complaints.md#limits: what goes past 200 characters is ignored (a paste included).
            update({ detail: event.target.value.slice(0, max) })
            if (errors.detail && event.target.value.trim() !== '') setErrors((current) => ({ ...current, detail: undefined }))
          }}
        />
        <p id={ids.counter} className={styles.counter}>
          <span aria-hidden="true">{t('form.counter', { count: detail.length, max })}</span>
          <span className="visually-hidden">{t('form.counterLabel', { count: detail.length, max })}</span>
        </p>
        {errors.detail && (
          <p id={ids.detailError} className={styles.error} role="alert">
            {errors.detail}
          </p>
        )}
      </div>

      <ImagePicker
        images={images}
        onBusy={setUploading}
        onAdd={(url) =>
          setFields((current) =>
            current.images.length < COMPLAINT_LIMITS.imagesMax && !current.images.includes(url) ? { ...current, images: [...current.images, url] } : current,
          )
        }
        onRemove={(index) => setFields((current) => ({ ...current, images: current.images.filter((_, at) => at !== index) }))}
      />

      <button type="submit" className={`${buttons.primary} ${buttons.block}`} aria-disabled={save.isPending || uploading || undefined}>
        {t('form.send')}
      </button>
      <p className={styles.note}>{init.replyNote}</p>

      {/* A stray back asks first; the draft is kept either way (docs/product/complaints.md#saving). */}
      <LeaveGuard when={savedDue === undefined && (detail.trim() !== '' || images.length > 0)} kept />
      <Modal
        open={savedDue !== undefined}
        title={t('form.successTitle')}
        onClose={() => void navigate(startHref, { replace: true })}
        footer={
          <button type="button" className={buttons.primary} onClick={() => void navigate(startHref, { replace: true })}>
            {tc('actions.ok')}
          </button>
        }
      >
        <p>{t('form.successBody', { date: savedDue ?? '' })}</p>
      </Modal>
    </form>
  )
}
