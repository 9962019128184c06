/**
 * What a public page hands its island (docs/decisions/0011-public-pages.md): the texts it shows
 * from the page's language, the call paths and codes from the contract, in one JSON block the
 * server writes. The islands import no contract, translator or React: they stay a few KiB.
 */
export const ISLAND_DATA_ID = 'island-data'

export interface PublicSiteData {
  texts: { incomplete: string; sent: string }
}

export interface RegisterData {
  /** The market whose numbers the page takes (the template's); sent as `market` on every call. */
  market: string
  lang: string
  templateId: number
  appName: string
  /** National mobile number length, digits: what the field accepts and the least it needs. */
  phone: { min: number; max: number }
  captchaLength: number
  smsCodeLength: number
  resendSeconds: number
  calls: { sid: string; captcha: string; sms: string; register: string; trackVisit: string; trackClick: string }
  codes: { captchaWrong: number; alreadyRegistered: number; registerCaptchaWrong: number; sidExpired: number }
  texts: {
    phone: string
    captcha: string
    sms: string
    repeat: string
    smsSent: string
    registered: string
    error: string
    getCode: string
    /** With `{{seconds}}`. */
    countdown: string
    /** Document titles of the three views. */
    titles: { landing: string; download: string; agreement: string }
  }
}

/** The page's island data; null when the page has none (the island then does nothing). */
export function readIslandData<T>(doc: Document): T | null {
  const text = doc.getElementById(ISLAND_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
