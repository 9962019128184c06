import type { Locale, Market } from '@kilat/domain'
import type { AgreementContent, Section } from './agreement.js'
import { agreement as idEn } from './agreement.ID.en.js'
import { agreement as idEs } from './agreement.ID.es.js'
import { agreement as idId } from './agreement.ID.id.js'
import { agreement as inEn } from './agreement.IN.en.js'
import { agreement as inEs } from './agreement.IN.es.js'
import { agreement as inId } from './agreement.IN.id.js'
import { agreement as mxEn } from './agreement.MX.en.js'
import { agreement as mxEs } from './agreement.MX.es.js'
import { agreement as mxId } from './agreement.MX.id.js'
import { consent as consentEn } from './consent.en.js'
import { consent as consentEs } from './consent.es.js'
import { consent as consentId } from './consent.id.js'

export type { AgreementContent, AgreementFacts, CapFacts, LateChargeFacts, Section } from './agreement.js'

/** Every market's agreement in every language: the type fails when one of the nine is missing. */
const AGREEMENTS: Readonly<Record<Market, Readonly<Record<Locale, AgreementContent>>>> = {
  ID: { id: idId, en: idEn, es: idEs },
  IN: { id: inId, en: inEn, es: inEs },
  MX: { id: mxId, en: mxEn, es: mxEs },
}

const CONSENTS: Readonly<Record<Locale, (telephone: string) => Section[]>> = { id: consentId, en: consentEn, es: consentEs }

/** The agreement of a loan of `market`'s products, in the borrower's language. */
export function agreementContent(market: Market, locale: Locale): AgreementContent {
  return AGREEMENTS[market][locale]
}

export function consentSections(locale: Locale, telephone: string): Section[] {
  return CONSENTS[locale](telephone)
}
