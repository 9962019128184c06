import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { defineCall } from './call.js'
import { ID_MAX, ORDER_NO } from './screens.js'

/** The chatbot (docs/product/complaints.md#chatbot): a knowledge base of categories, questions and answers. */

const orderNo = z.string().trim().regex(ORDER_NO)
const qaId = z.coerce.number().int().min(0).max(ID_MAX)

/** 4: "go to customer service" (the entry or the reply offers the complaint form); 0: nothing. */
export const ACTION_CONTACT = 4

export const QA_KINDS = ['category', 'question', 'answer'] as const

export const qaEntrySchema = z.object({
  id: z.number().int(),
  /** 0 for a category; a question's category; an answer's question. */
  pid: z.number().int(),
  kind: z.enum(QA_KINDS),
  /** The text in the borrower's language: category name, question, or answer. */
  title_local: z.string(),
  /** A category's short name under its icon; empty otherwise. */
  title_local_alias: z.string(),
  /** A category's icon name (repayment, extension, fees, account, privacy, collection, loan, contact); empty otherwise. */
  icon: z.string(),
  action_type: z.union([z.literal(0), z.literal(4)]),
})
export type QaEntry = z.infer<typeof qaEntrySchema>

/**
 * pid 0: the categories; a category's id: its questions; a question's id: `question` is that
 * question and `answerList` holds its answer.
 */
export const getQaList = defineCall({
  method: 'GET',
  path: '/h5-api/v3/user-problem/get-qa-list',
  family: 'code00',
  auth: 'borrower',
  query: z.object({ orderNo: orderNo.optional(), pid: qaId.default(0) }),
  data: z.object({
    question: z.object({ id: z.number().int(), title_local: z.string() }).nullable(),
    answerList: z.array(qaEntrySchema),
  }),
})

/**
 * What the borrower tells the chatbot (docs/product/complaints.md#chatbot-records):
 * 1 solved and 2 not solved (qaId: the question), 3 a rating (value: 1 to 5 stars; 0 answers
 * `ratingRequired`), 4 free text (value: what they typed, 1 to 200 characters).
 */
export const QA_RECORD_TYPES = { solved: 1, notSolved: 2, rating: 3, freeText: 4 } as const

export const qaMatchSchema = z.object({
  /** The question's id (get-qa-list with pid = id answers it again). */
  id: z.number().int(),
  title_local: z.string(),
  answer: z.string(),
  action_type: z.union([z.literal(0), z.literal(4)]),
})
export type QaMatch = z.infer<typeof qaMatchSchema>

export const qaRecord = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user-problem/qa-record',
  family: 'code00',
  auth: 'borrower',
  body: z.object({
    orderNo: orderNo.optional(),
    type: z.coerce.number().int().min(1).max(4),
    value: z.string().trim().max(200).regex(STORABLE_TEXT).default(''),
    qaId: qaId.optional(),
  }),
  data: z.object({
    /** The chatbot's reply bubble (thanks, sorry, "this may help", "no answer found"). */
    message: z.string(),
    /** Free text: the best-matching questions with their answers, best first (at most 3). Else empty. */
    answerList: z.array(qaMatchSchema),
    /** 4: show the contact-customer-service button with the reply. */
    action_type: z.union([z.literal(0), z.literal(4)]),
    /** Rating of 4 or 5: 1, the page asks the shell for the store rating (toRate). Else 0. */
    toRate: z.union([z.literal(0), z.literal(1)]),
  }),
})

export const chatbotCalls = { getQaList, qaRecord }
