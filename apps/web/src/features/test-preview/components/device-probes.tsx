import { useEffect, useState, useSyncExternalStore, type ChangeEvent } from 'react'
import { useTranslation } from '../../../shared/i18n'
import styles from '../test-preview.module.css'

/** The Contact Picker API (Chrome on Android); absent elsewhere. */
interface ContactsManager {
  select(properties: ('name' | 'tel')[], options?: { multiple?: boolean }): Promise<{ name?: string[]; tel?: string[] }[]>
}

type GeoState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; lat: number; lng: number; accuracy: number }
  | { kind: 'failed'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' }

const GEO_TIMEOUT_MS = 15_000

const noSubscription = () => () => {}

function contactPicker(): ContactsManager | null {
  const contacts = (navigator as Navigator & { contacts?: ContactsManager }).contacts
  return contacts && typeof contacts.select === 'function' ? contacts : null
}

/** Checks what the shell's webview offers: camera or gallery, contacts, location. */
export function DeviceProbes() {
  const { t } = useTranslation('testPreview')
  return (
    <section className={styles.card} aria-labelledby="probes-heading">
      <h2 id="probes-heading" className={styles.cardTitle}>{t('probes.heading')}</h2>
      <div className={styles.grid}>
        <PhotoProbe />
        <ContactProbe />
        <LocationProbe />
      </div>
    </section>
  )
}

function PhotoProbe() {
  const { t } = useTranslation('testPreview')
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null)

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url)
  }, [preview])

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    setPreview(file ? { url: URL.createObjectURL(file), name: file.name } : null)
  }

  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <label className={styles.label} htmlFor="probe-photo">{t('probes.photo')}</label>
      <p className={styles.hint}>{t('probes.photoHint')}</p>
      <input id="probe-photo" className={styles.fileInput} type="file" accept="image/*" capture="environment" onChange={choose} />
      {preview && <img className={styles.preview} src={preview.url} alt={t('probes.photoPreview', { name: preview.name })} />}
    </div>
  )
}

function ContactProbe() {
  const { t } = useTranslation('testPreview')
  const [contact, setContact] = useState('')
  // Known only in the browser: the server (and hydration) render the plain field, the button after.
  const picker = useSyncExternalStore(noSubscription, contactPicker, () => null)

  const pick = async () => {
    try {
      const [chosen] = (await picker?.select(['name', 'tel'])) ?? []
      if (chosen) setContact([chosen.name?.[0], chosen.tel?.[0]].filter(Boolean).join(', '))
    } catch {
      // Closing the picker is not an error worth telling.
    }
  }

  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <label className={styles.label} htmlFor="probe-contact">{t('probes.contact')}</label>
      <div className={styles.row}>
        <input
          id="probe-contact"
          className={`${styles.input} ${styles.grow}`}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          placeholder={t('probes.contactHint')}
          autoComplete="off"
        />
        {picker && (
          <button type="button" className={styles.secondary} onClick={() => void pick()}>
            {t('probes.pickContact')}
          </button>
        )}
      </div>
    </div>
  )
}

function LocationProbe() {
  const { t } = useTranslation('testPreview')
  const [geo, setGeo] = useState<GeoState>({ kind: 'idle' })

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeo({ kind: 'failed', reason: 'unsupported' })
      return
    }
    setGeo({ kind: 'locating' })
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setGeo({ kind: 'found', lat: position.coords.latitude, lng: position.coords.longitude, accuracy: position.coords.accuracy }),
      (error) =>
        setGeo({
          kind: 'failed',
          reason: error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable',
        }),
      { enableHighAccuracy: false, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    )
  }

  let text = ''
  if (geo.kind === 'locating') text = t('probes.locating')
  else if (geo.kind === 'found') {
    text = t('probes.coordinates', { lat: geo.lat.toFixed(5), lng: geo.lng.toFixed(5), accuracy: Math.round(geo.accuracy) })
  } else if (geo.kind === 'failed') text = t(`probes.geo.${geo.reason}`)

  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <span className={styles.label} id="probe-location-label">{t('probes.location')}</span>
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={locate} disabled={geo.kind === 'locating'} aria-describedby="probe-location-label">
          {t('probes.getLocation')}
        </button>
      </div>
      <p className={geo.kind === 'failed' ? `${styles.hint} ${styles.error}` : styles.hint} role="status">
        {text}
      </p>
    </div>
  )
}
