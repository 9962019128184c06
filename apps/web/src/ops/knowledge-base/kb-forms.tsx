import { flatOf, kbSaveCategory, kbSaveQuestion, type BodyOf, type KbCategoryView, type KbQuestionView } from '@kilat/contract'
import { LOCALES, type Locale } from '@kilat/domain'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Drawer, Form, Input, Select, Space } from 'antd'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { useNotices } from '../app/ops-app'
import { useOpsText, type OpsT } from '../app/i18n'
import { useUnsavedChanges } from '../app/unsaved-changes'
import { KB_KEY } from './kb-keys'

/** The knowledge base's edit forms: each text in the three languages, side by side with its language named. */

type QuestionValues = Omit<BodyOf<typeof kbSaveQuestion>, 'actionType'> & { contact: boolean }
type CategoryValues = Omit<BodyOf<typeof kbSaveCategory>, 'actionType'> & { contact: boolean }

const EMPTY = { id: '', en: '', es: '' }

function Languages({ render }: { render: (locale: Locale) => React.ReactNode }) {
  const { t } = useOpsText()
  return (
    <>
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="ops-kb-language">
          <legend>{t('kb.inLanguage', { language: t(`language.${locale}`) })}</legend>
          {render(locale)}
        </fieldset>
      ))}
    </>
  )
}

export function QuestionForm({ categories, question, categoryId, onClose }: { categories: KbCategoryView[]; question?: KbQuestionView | undefined; categoryId: number; onClose: () => void }) {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<QuestionValues>()
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)
  const unsaved = useUnsavedChanges(dirty, onClose)
  const required = { required: true, whitespace: true, message: t('field.required') }

  const submit = async ({ contact, ...values }: QuestionValues) => {
    setBusy(true)
    try {
      await callApi(kbSaveQuestion, { body: { ...values, questionId: question?.id, actionType: contact ? 4 : 0 } })
      setDirty(false)
      void message.success(t('kb.saved'))
      await queryClient.invalidateQueries({ queryKey: KB_KEY })
      onClose()
    } catch (error) {
      if (isCode(error, 1002)) form.setFields([{ name: 'categoryId', errors: [t('app.failed')] }])
      else if (!showFieldErrors(form, error, t)) void message.error(error instanceof Error && error.message ? error.message : t('app.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer open size={720} title={question ? t('kb.editOf', { title: question.title[locale] }) : t('kb.newQuestion')} onClose={unsaved.close} destroyOnHidden>
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="kb-question"
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        initialValues={{
          categoryId,
          ...flatOf(question?.title ?? EMPTY, 'Title'),
          ...flatOf(question?.answer ?? EMPTY, 'Answer'),
          ...flatOf(question?.keywords ?? EMPTY, 'Keywords'),
          contact: question?.actionType === 4,
          active: question?.active ?? true,
        }}
      >
        <Form.Item name="categoryId" label={t('kb.category')} rules={[{ required: true, message: t('field.required') }]}>
          <Select options={categories.map((c) => ({ value: c.id, label: c.title[locale] }))} />
        </Form.Item>
        <Languages
          render={(lang) => (
            <>
              <Form.Item name={`${lang}Title`} label={`${t('kb.question')} (${lang})`} rules={[required, { max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name={`${lang}Answer`} label={`${t('kb.answer')} (${lang})`} rules={[required, { max: 2000 }]}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} />
              </Form.Item>
              <Form.Item name={`${lang}Keywords`} label={`${t('kb.keywords')} (${lang})`} rules={[{ max: 500 }]}>
                <Input maxLength={500} />
              </Form.Item>
            </>
          )}
        />
        <EntryEnd t={t} busy={busy} onClose={unsaved.close} />
      </Form>
      {unsaved.dialog}
    </Drawer>
  )
}

export function CategoryForm({ category, onClose, onSaved }: { category?: KbCategoryView | undefined; onClose: () => void; onSaved: (category: KbCategoryView) => void }) {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<CategoryValues>()
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)
  const unsaved = useUnsavedChanges(dirty, onClose)
  const required = { required: true, whitespace: true, message: t('field.required') }

  const submit = async ({ contact, ...values }: CategoryValues) => {
    setBusy(true)
    try {
      const answer = await callApi(kbSaveCategory, { body: { ...values, categoryId: category?.id, actionType: contact ? 4 : 0 } })
      // clean at once, its question lifted: the move to the saved category below is not held
      flushSync(() => setDirty(false))
      void message.success(t('kb.saved'))
      await queryClient.invalidateQueries({ queryKey: KB_KEY })
      onSaved(answer.category)
      onClose()
    } catch (error) {
      if (!showFieldErrors(form, error, t)) void message.error(error instanceof Error && error.message ? error.message : t('app.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer open size={640} title={category ? t('kb.editOf', { title: category.title[locale] }) : t('kb.newCategory')} onClose={unsaved.close} destroyOnHidden>
      <Form<CategoryValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="kb-category"
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        initialValues={{ ...flatOf(category?.title ?? EMPTY, 'Title'), ...flatOf(category?.alias ?? EMPTY, 'Alias'), icon: category?.icon ?? '', contact: category?.actionType === 4, active: category?.active ?? true }}
      >
        <Languages
          render={(lang) => (
            <>
              <Form.Item name={`${lang}Title`} label={`${t('kb.category')} (${lang})`} rules={[required, { max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name={`${lang}Alias`} label={`${t('kb.alias')} (${lang})`} rules={[required, { max: 40 }]}>
                <Input maxLength={40} />
              </Form.Item>
            </>
          )}
        />
        <Form.Item name="icon" label={t('kb.icon')}>
          <Select
            options={['repayment', 'extension', 'fees', 'account', 'privacy', 'collection', 'loan', 'contact'].map((icon) => ({ value: icon, label: icon }))}
            allowClear
          />
        </Form.Item>
        <EntryEnd t={t} busy={busy} onClose={unsaved.close} />
      </Form>
      {unsaved.dialog}
    </Drawer>
  )
}

/** The end of a category's or a question's form: the contact button and active flags, save and cancel. */
function EntryEnd({ t, busy, onClose }: { t: OpsT; busy: boolean; onClose: () => void }) {
  return (
    <>
      <Form.Item name="contact" valuePropName="checked">
        <Checkbox>{t('kb.contact')}</Checkbox>
      </Form.Item>
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>{t('kb.active')}</Checkbox>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('kb.save')}
        </Button>
        <Button onClick={onClose}>{t('kb.cancel')}</Button>
      </Space>
    </>
  )
}
