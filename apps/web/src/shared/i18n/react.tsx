import { createContext, use, useMemo, type ReactNode } from 'react'
import type { LooseTFunction, Namespace, TFunction, Translator } from './translator'

const TranslatorContext = createContext<Translator | null>(null)

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>
}

function useTranslator(): Translator {
  const translator = use(TranslatorContext)
  if (!translator) throw new Error('useTranslation outside I18nProvider')
  return translator
}

/** The texts of a namespace (`common` by default); the screen's route has loaded it before rendering. */
export function useTranslation<NS extends Namespace = 'common'>(ns?: NS): { t: TFunction<NS>; i18n: Translator }
export function useTranslation(ns: Namespace, options: { keyPrefix: string }): { t: LooseTFunction; i18n: Translator }
export function useTranslation(ns: Namespace = 'common', options?: { keyPrefix: string }): { t: LooseTFunction; i18n: Translator } {
  const i18n = useTranslator()
  const keyPrefix = options?.keyPrefix
  const t = useMemo(() => i18n.fixedT(ns, keyPrefix), [i18n, ns, keyPrefix])
  return { t, i18n }
}
