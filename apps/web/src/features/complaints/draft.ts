/**
 * The complaint being written, kept on the device so that leaving the form (to find a photo, or a
 * call coming in) loses nothing; cleared once the complaint is saved (docs/product/complaints.md#saving).
 */
export interface ComplaintDraft {
  orderNo: string
  problemType?: number
  problemSonType?: number
  detail: string
  images: string[]
  requestKey: string
}

export const DRAFT_KEY = 'kilat.complaintDraft'

export function readDraft(): ComplaintDraft | undefined {
  try {
    const raw = localStorage.getItem(DRAFT_KEY)
    if (!raw) return undefined
    const draft = JSON.parse(raw) as Partial<ComplaintDraft>
    if (typeof draft.orderNo !== 'string' || typeof draft.detail !== 'string' || !Array.isArray(draft.images) || typeof draft.requestKey !== 'string') return undefined
    return { ...draft, images: draft.images.filter((url): url is string => typeof url === 'string') } as ComplaintDraft
  } catch {
    return undefined
  }
}

export function writeDraft(draft: ComplaintDraft): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or refused (private mode): the form still works, it only forgets on leaving.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY)
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** A key made once per complaint, so a double tap or a retry saves it once (docs/product/complaints.md#saving). */
export function newRequestKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
}
