import {
  DECISION_BANDS,
  OPS_ERROR_CODES,
  POLICY_INPUTS,
  POLICY_LIMITS,
  POLICY_NAME_CHECKS,
  POLICY_REASONS,
  opsPolicyDraft,
  type BodyOf,
  type DecisionBand,
  type PolicyInputField,
  type PolicyProblem,
  type PolicyRule,
  type PolicyVersionView,
} from '@kilat/contract'
import { MARKET_INFO, type Market } from '@kilat/domain'
import { Alert, Button, Flex, Input, Popconfirm, Select, Space, Table, type RefSelectProps, type TableColumnsType } from 'antd'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { failureData, isCode } from '../app/api'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { centsOfTyped, DECISIONS_KEY, decisionsError, inputName, inputType, isPolicyInput, reasonText, textOfCents } from './decision-texts'
import { MoneyEcho } from './money-echo'
import { InputHeading, usedInputs } from './rules-table'

/** A row as the analyst edits it: its conditions and amount as typed, a key that follows it when it moves. */
export interface EditorRow {
  key: string
  id: string
  when: Partial<Record<PolicyInputField, string>>
  band: DecisionBand
  reason: string | undefined
  /** In the currency's main unit as typed; empty: no limit. */
  maxAmount: string
}

/** The columns of a row besides its conditions, as a problem names them. */
const OWN_COLUMNS = ['id', 'band', 'reason', 'maxAmount'] as const
type OwnColumn = (typeof OWN_COLUMNS)[number]
type Column = OwnColumn | PolicyInputField

/** A problem of a cell: the row it follows (its key, not its place) and the column. */
type Problems = ReadonlyMap<string, string>
const cellOf = (rowKey: string, column: string) => `${rowKey}|${column}`

const RULE_ID = /^[A-Za-z0-9_-]+$/
/** What the contract refuses in a condition besides its length: a control character (a line break, a tab). */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

let lastKey = 0
const newKey = () => `row-${++lastKey}`

export function rowOf(rule: PolicyRule): EditorRow {
  return { key: newKey(), id: rule.id, when: { ...rule.when }, band: rule.band, reason: rule.reason, maxAmount: rule.maxAmount === null ? '' : textOfCents(rule.maxAmount) }
}

/** A fresh row's id: `rule-N`, the first N no row has. */
function freshId(rows: readonly EditorRow[]): string {
  const taken = new Set(rows.map((r) => r.id))
  let n = rows.length + 1
  while (taken.has(`rule-${n}`)) n++
  return `rule-${n}`
}

/** What the console can tell before sending: the server's engine reads the conditions themselves. */
function localProblems(rows: readonly EditorRow[], t: OpsT): Map<string, string> {
  const problems = new Map<string, string>()
  const ids = new Map<string, number>()
  for (const row of rows) ids.set(row.id.trim(), (ids.get(row.id.trim()) ?? 0) + 1)
  for (const row of rows) {
    const id = row.id.trim()
    if (id === '') problems.set(cellOf(row.key, 'id'), t('decisions.editor.problems.idRequired'))
    else if (!RULE_ID.test(id) || id.length > POLICY_LIMITS.ruleId) problems.set(cellOf(row.key, 'id'), t('decisions.editor.problems.idFormat', { max: POLICY_LIMITS.ruleId }))
    else if ((ids.get(id) ?? 0) > 1) problems.set(cellOf(row.key, 'id'), t('decisions.editor.problems.idTaken'))
    if (!row.reason) problems.set(cellOf(row.key, 'reason'), t('decisions.editor.problems.reasonRequired'))
    if (row.maxAmount.trim() !== '') {
      const cents = centsOfTyped(row.maxAmount)
      if (cents === null || cents > POLICY_LIMITS.amountMax) problems.set(cellOf(row.key, 'maxAmount'), t('decisions.editor.problems.amount'))
    }
    for (const [field, condition] of Object.entries(row.when)) {
      if (condition.length > POLICY_LIMITS.condition || hasControl(condition)) problems.set(cellOf(row.key, field), t('decisions.editor.problems.condition', { max: POLICY_LIMITS.condition }))
    }
  }
  return problems
}

/** The rows as the server takes them: empty conditions left out, amounts in cents. */
function rulesOf(rows: readonly EditorRow[]): PolicyRule[] {
  return rows.map((row) => {
    const when: PolicyRule['when'] = {}
    for (const [field, condition] of Object.entries(row.when) as [PolicyInputField, string][]) if (condition.trim() !== '') when[field] = condition.trim()
    const amount = row.maxAmount.trim()
    return { id: row.id.trim(), when, band: row.band, reason: row.reason ?? '', maxAmount: amount === '' ? null : centsOfTyped(amount) }
  })
}

/** A condition's example, by the kind of value its input holds. */
function example(field: PolicyInputField): string {
  if (field === 'payoutAccount.nameCheck') return '"mismatch"'
  const type = inputType(field)
  return type === 'boolean' ? 'true' : type === 'number' ? '< 21' : '"…"'
}

interface Draft {
  body: BodyOf<typeof opsPolicyDraft>
  /** The rows' keys in the order sent: a refusal's problem names a row by its place then. */
  keys: string[]
}

export interface PolicyEditorProps {
  market: Market
  published: PolicyVersionView | null
  /** A version already waits: the server takes no other until it is published or withdrawn. */
  pending: boolean
}

/**
 * The analyst's draft of a new version (docs/product/decisions.md): a decision table, a row per
 * rule, a column per input it looks at, saved to wait for another member to publish it. The engine
 * on the server reads each condition; a condition it cannot read comes back named by row and
 * column (`policyInvalid`) and is marked on its cell.
 */
export function PolicyEditor({ market, published, pending }: PolicyEditorProps) {
  const { t, locale } = useOpsText()
  const [rows, setRows] = useState<EditorRow[]>([])
  const [shown, setShown] = useState<PolicyInputField[]>([])
  // the note lives in its own field: typing it does not draw the table again
  const note = useRef('')
  const [noteField, setNoteField] = useState(0)
  const [problems, setProblems] = useState<Problems>(new Map())
  // the control to focus once the rows are drawn again (a row moved, added or removed)
  const focusNext = useRef<string | null>(null)
  const setFocus = (target: string) => {
    focusNext.current = target
  }
  const tableRef = useRef<HTMLDivElement>(null)
  const addColumnRef = useRef<RefSelectProps>(null)
  const baseId = useId()

  useEffect(() => {
    const target = focusNext.current
    if (target === null) return
    focusNext.current = null
    if (target === 'add-column') addColumnRef.current?.focus()
    else tableRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(target)}"]`)?.focus()
  })

  const save = useOpsMutation<Draft, unknown>({
    mutationFn: ({ body }, call) => call(opsPolicyDraft, { body }),
    success: t('decisions.editor.saved'),
    refresh: [DECISIONS_KEY],
    errorText: decisionsError,
    onSuccess: () => {
      setRows([])
      setShown([])
      note.current = ''
      setNoteField((n) => n + 1)
      setProblems(new Map())
    },
    onError: (error, { keys }) => {
      if (!isCode(error, OPS_ERROR_CODES.policyInvalid)) return false
      const data = failureData(error) as { problems?: PolicyProblem[] } | null
      const marked = new Map<string, string>()
      const columns = new Set<PolicyInputField>()
      for (const p of data?.problems ?? []) {
        const key = keys[p.ruleIndex]
        if (key === undefined) continue
        marked.set(cellOf(key, p.field), p.message)
        if (isPolicyInput(p.field)) columns.add(p.field)
      }
      setProblems(marked)
      // a column the server names is shown, so its cell can be marked
      setShown((s) => [...s, ...[...columns].filter((c) => !s.includes(c))])
      return false
    },
  })

  const dirty = rows.length > 0
  const edit = (key: string, column: Column, change: (row: EditorRow) => EditorRow) => {
    setRows((all) => all.map((r) => (r.key === key ? change(r) : r)))
    // the cell's mark goes once it is changed
    if (problems.has(cellOf(key, column))) {
      setProblems((p) => {
        const next = new Map(p)
        next.delete(cellOf(key, column))
        return next
      })
    }
  }
  const startFromPublished = () => {
    if (!published) return
    setRows(published.rules.map(rowOf))
    setShown(usedInputs(published.rules))
    setProblems(new Map())
  }
  const addRow = () => {
    const row: EditorRow = { key: newKey(), id: freshId(rows), when: {}, band: 'refer', reason: undefined, maxAmount: '' }
    setRows((all) => [...all, row])
    setFocus(`${row.key}:id`)
  }
  const move = (index: number, by: -1 | 1) => {
    const row = rows[index]
    if (!row) return
    const next = [...rows]
    next.splice(index, 1)
    next.splice(index + by, 0, row)
    setRows(next)
    // the focus stays with the moved row: on the same button, or the other one at an end
    const atEnd = by === -1 ? index + by === 0 : index + by === rows.length - 1
    setFocus(`${row.key}:${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`)
  }
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index)
    setRows(next)
    const neighbour = next[index] ?? next[index - 1]
    setFocus(neighbour ? `${neighbour.key}:remove` : 'add-row')
  }
  const removeColumn = (field: PolicyInputField) => {
    setShown((s) => s.filter((f) => f !== field))
    setRows((all) => all.map((r) => ({ ...r, when: Object.fromEntries(Object.entries(r.when).filter(([f]) => f !== field)) })))
    setFocus('add-column')
  }
  const submit = () => {
    const found = localProblems(rows, t)
    setProblems(found)
    if (found.size > 0) return
    save.mutate({ body: { market, rules: rulesOf(rows), note: note.current.trim() }, keys: rows.map((r) => r.key) })
  }

  const ruleName = (index: number, row: EditorRow) => t('decisions.editor.ruleName', { n: index + 1, id: row.id.trim() || '—' })
  const columnName = (column: string) => (isPolicyInput(column) ? inputName(t, column) : OWN_COLUMNS.includes(column as OwnColumn) ? t(`decisions.rule.${column as OwnColumn}`) : column)
  /** A cell's control with its problem under it, the one describing the other. */
  const cell = (row: EditorRow, column: Column, control: (invalid: { status?: 'error'; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, below?: ReactNode) => {
    const problem = problems.get(cellOf(row.key, column))
    const id = `${baseId}-${row.key}-${column}`
    return (
      <>
        {control(problem ? { status: 'error', 'aria-invalid': true, 'aria-describedby': id } : {})}
        {!problem && below}
        {problem && (
          <div id={id} className="ops-decisions-problem">
            {problem}
          </div>
        )}
      </>
    )
  }

  const columns: TableColumnsType<EditorRow> = [
    { key: 'n', title: '#', width: 44, fixed: 'left', render: (_, _r, i) => i + 1 },
    {
      key: 'id',
      title: t('decisions.rule.id'),
      width: 140,
      fixed: 'left',
      render: (_, row, i) =>
        cell(row, 'id', (invalid) => (
          <Input
            size="small"
            value={row.id}
            maxLength={POLICY_LIMITS.ruleId}
            data-focus={`${row.key}:id`}
            // named by its place alone: its name changes as it is typed
            aria-label={t('decisions.editor.idLabel', { n: i + 1 })}
            onChange={(e) => edit(row.key, 'id', (r) => ({ ...r, id: e.target.value }))}
            {...invalid}
          />
        )),
    },
    ...shown.map((field) => ({
      key: field,
      width: 150,
      // only text in a header: the table measures its columns in a hidden copy of the headers, where a
      // button would be focusable inside aria-hidden; each column's remove button is above the table
      title: <InputHeading field={field} />,
      render: (_: unknown, row: EditorRow, i: number) =>
        cell(row, field, (invalid) => (
          <Input
            size="small"
            value={row.when[field] ?? ''}
            placeholder={example(field)}
            maxLength={POLICY_LIMITS.condition}
            spellCheck={false}
            className="ops-decisions-condition"
            aria-label={t('decisions.editor.cellLabel', { rule: ruleName(i, row), column: columnName(field) })}
            onChange={(e) => edit(row.key, field, (r) => ({ ...r, when: { ...r.when, [field]: e.target.value } }))}
            {...invalid}
          />
        )),
    })),
    {
      key: 'band',
      title: t('decisions.rule.band'),
      width: 130,
      render: (_, row, i) =>
        cell(row, 'band', (invalid) => (
          <Select<DecisionBand>
            size="small"
            value={row.band}
            style={{ width: '100%' }}
            aria-label={t('decisions.editor.cellLabel', { rule: ruleName(i, row), column: t('decisions.rule.band') })}
            options={DECISION_BANDS.map((band) => ({ value: band, label: t(`decisions.bands.${band}`) }))}
            onChange={(band) => edit(row.key, 'band', (r) => ({ ...r, band }))}
            {...invalid}
          />
        )),
    },
    {
      key: 'reason',
      title: t('decisions.rule.reason'),
      width: 260,
      render: (_, row, i) =>
        cell(row, 'reason', (invalid) => (
          <Select<string>
            size="small"
            value={row.reason}
            style={{ width: '100%' }}
            placeholder={t('decisions.editor.chooseReason')}
            popupMatchSelectWidth={360}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('decisions.editor.cellLabel', { rule: ruleName(i, row), column: t('decisions.rule.reason') })}
            options={POLICY_REASONS.map((reason) => ({ value: reason, label: reasonText(reason, locale) }))}
            onChange={(reason) => edit(row.key, 'reason', (r) => ({ ...r, reason }))}
            {...invalid}
          />
        )),
    },
    {
      key: 'max',
      title: t('decisions.editor.maxAmountIn', { currency: MARKET_INFO[market].currency }),
      width: 170,
      render: (_, row, i) =>
        cell(
          row,
          'maxAmount',
          (invalid) => (
            <Input
              size="small"
              inputMode="decimal"
              prefix={MARKET_INFO[market].currencySign}
              value={row.maxAmount}
              placeholder={t('decisions.rule.noLimit')}
              aria-label={t('decisions.editor.cellLabel', { rule: ruleName(i, row), column: t('decisions.rule.maxAmount') })}
              onChange={(e) => edit(row.key, 'maxAmount', (r) => ({ ...r, maxAmount: e.target.value }))}
              {...invalid}
            />
          ),
          // the amount as the market writes it: what was typed is read as meant
          <MoneyEcho text={row.maxAmount} market={market} />,
        ),
    },
    {
      key: 'actions',
      title: t('staff.actions'),
      width: 200,
      render: (_, row, i) => (
        <Space size={4}>
          <Button size="small" disabled={i === 0} data-focus={`${row.key}:up`} aria-label={t('decisions.editor.moveUpWhat', { rule: ruleName(i, row) })} onClick={() => move(i, -1)}>
            ↑
          </Button>
          <Button
            size="small"
            disabled={i === rows.length - 1}
            data-focus={`${row.key}:down`}
            aria-label={t('decisions.editor.moveDownWhat', { rule: ruleName(i, row) })}
            onClick={() => move(i, 1)}
          >
            ↓
          </Button>
          <Button size="small" danger data-focus={`${row.key}:remove`} aria-label={t('decisions.editor.removeWhat', { rule: ruleName(i, row) })} onClick={() => remove(i)}>
            {t('decisions.editor.remove')}
          </Button>
        </Space>
      ),
    },
  ]

  const listed = [...problems].map(([cellKey, message]) => {
    const [rowKey = '', column = ''] = cellKey.split('|')
    const index = rows.findIndex((r) => r.key === rowKey)
    const row = rows[index]
    return { cellKey, text: row ? `${ruleName(index, row)} · ${columnName(column)}: ${message}` : message }
  })
  const hidden = POLICY_INPUTS.filter((i) => !shown.includes(i.field))

  return (
    <div className="ops-decisions-editor" ref={tableRef}>
      <h3 className="ops-decisions-subheading">{t('decisions.editor.syntax')}</h3>
      <ul className="ops-decisions-syntax">
        <li>{t('decisions.editor.syntaxNumbers')}</li>
        <li>{t('decisions.editor.syntaxTexts', { values: POLICY_NAME_CHECKS.map((c) => `"${c}"`).join(', ') })}</li>
        <li>{t('decisions.editor.syntaxEmpty')}</li>
      </ul>
      <Flex gap={8} wrap align="center">
        {published && (
          <Popconfirm title={t('decisions.editor.replaceQuestion')} okText={t('decisions.editor.replace')} cancelText={t('staff.cancel')} onConfirm={startFromPublished} disabled={!dirty}>
            <Button onClick={dirty ? undefined : startFromPublished}>{t('decisions.editor.startFromPublished', { version: published.version ?? '' })}</Button>
          </Popconfirm>
        )}
        <Select<PolicyInputField>
          ref={addColumnRef}
          value={null}
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('decisions.editor.addColumn')}
          aria-label={t('decisions.editor.addColumn')}
          options={hidden.map((i) => ({ value: i.field, label: `${inputName(t, i.field)} (${i.field})` }))}
          onChange={(field) => setShown((s) => [...s, field])}
          disabled={hidden.length === 0}
        />
        {shown.map((field) => (
          <span key={field} className="ops-decisions-shown">
            {inputName(t, field)}
            <RemoveColumn field={field} used={rows.filter((r) => (r.when[field] ?? '').trim() !== '').length} onRemove={() => removeColumn(field)} />
          </span>
        ))}
      </Flex>
      {listed.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('decisions.editor.problemsTitle', { count: listed.length })}
          description={
            <ul className="ops-decisions-problems">
              {listed.map((p) => (
                <li key={p.cellKey}>{p.text}</li>
              ))}
            </ul>
          }
        />
      )}
      <Table<EditorRow>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('decisions.editor.empty') }}
        caption={<span className="ops-visually-hidden">{t('decisions.editor.caption', { market: t(`market.${market}`) })}</span>}
      />
      <div>
        <Button data-focus="add-row" onClick={addRow} disabled={rows.length >= POLICY_LIMITS.rules}>
          {t('decisions.editor.addRow')}
        </Button>
      </div>
      <NoteField key={noteField} onChange={(text) => (note.current = text)} />
      {pending && <Alert type="info" showIcon title={t('decisions.editor.pendingFirst')} />}
      <div>
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={pending || rows.length === 0}>
          {t('decisions.editor.save')}
        </Button>
      </div>
    </div>
  )
}

/** The version's note, with its label. */
function NoteField({ onChange }: { onChange: (note: string) => void }) {
  const { t } = useOpsText()
  const id = useId()
  const [note, setNote] = useState('')
  return (
    <div>
      <label htmlFor={id} className="ops-decisions-label">
        {t('decisions.editor.note')}
      </label>
      <Input.TextArea
        id={id}
        rows={2}
        value={note}
        maxLength={POLICY_LIMITS.note}
        showCount
        onChange={(e) => {
          setNote(e.target.value)
          onChange(e.target.value)
        }}
      />
    </div>
  )
}

/** A column's remove button: straight away when no row has a condition there, else after saying what goes. */
function RemoveColumn({ field, used, onRemove }: { field: PolicyInputField; used: number; onRemove: () => void }) {
  const { t } = useOpsText()
  const label = t('decisions.editor.removeColumn', { column: inputName(t, field) })
  const button = (
    <Button size="small" type="text" aria-label={label} title={label} onClick={used === 0 ? onRemove : undefined}>
      ×
    </Button>
  )
  if (used === 0) return button
  return (
    <Popconfirm title={t('decisions.editor.removeColumnQuestion', { count: used })} okText={t('decisions.editor.remove')} cancelText={t('staff.cancel')} onConfirm={onRemove}>
      {button}
    </Popconfirm>
  )
}
