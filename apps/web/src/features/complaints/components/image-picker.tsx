import { COMPLAINT_LIMITS } from '@kilat/contract'
import { useId, useRef, useState } from 'react'
import { useApi } from '../../../shared/api'
import { useTranslation } from '../../../shared/i18n'
import { showToast } from '../../../shared/ui/toast'
import { uploadComplaintImage } from '../api/upload-complaint-image'
import styles from '../complaints.module.css'

const TYPES = ['image/jpeg', 'image/png', 'image/webp']

/**
 * docs/product/complaints.md#photos: up to 9 photos, each uploaded as soon as it is chosen; the
 * add control is gone once there are 9. The server decides a photo's type from its bytes; the
 * checks here only spare a borrower a pointless upload on a slow network.
 */
export function ImagePicker({
  images,
  onAdd,
  onRemove,
  onBusy,
}: {
  images: readonly string[]
  onAdd: (url: string) => void
  onRemove: (index: number) => void
  onBusy: (busy: boolean) => void
}) {
  const { t } = useTranslation('complaints')
  const api = useApi()
  const labelId = useId()
  const hintId = useId()
  const [uploading, setUploading] = useState(false)
  const busy = useRef(false)
  const max = COMPLAINT_LIMITS.imagesMax

  const add = async (files: File[]) => {
    if (busy.current || files.length === 0) return
    const room = max - images.length
    if (files.length > room) showToast(t('form.imagesFull', { max }))
    const chosen = files.slice(0, Math.max(0, room))
    busy.current = true
    setUploading(true)
    onBusy(true)
    try {
      for (const file of chosen) {
        if (file.type && !TYPES.includes(file.type)) {
          showToast(t('form.imageType'))
          continue
        }
        if (file.size > COMPLAINT_LIMITS.imageBytesMax) {
          showToast(t('form.imageTooBig'))
          continue
        }
        try {
          onAdd(await uploadComplaintImage(api, file, t('form.uploading')))
        } catch {
          // The client has shown the server's reason (wrong type, too large, today's quota); stop here.
          break
        }
      }
    } finally {
      busy.current = false
      setUploading(false)
      onBusy(false)
    }
  }

  return (
    <div className={styles.field} role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <p id={labelId} className={styles.label}>
        {t('form.imagesLabel')} <span className={styles.count}>{images.length}/{max}</span>
      </p>
      <p id={hintId} className={styles.hint}>{t('form.imagesHint', { max })}</p>
      <ul className={styles.thumbs}>
        {images.map((url, index) => (
          <li key={url} className={styles.thumb}>
            <img src={url} alt={t('form.imageAlt', { number: index + 1 })} width={88} height={88} />
            <button type="button" className={styles.remove} aria-label={t('form.removeImage', { number: index + 1 })} onClick={() => onRemove(index)}>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" fill="currentColor" />
              </svg>
            </button>
          </li>
        ))}
        {images.length < max && (
          <li className={styles.thumb}>
            <label className={styles.add} aria-busy={uploading || undefined}>
              <input
                className="visually-hidden"
                type="file"
                accept={TYPES.join(',')}
                multiple
                disabled={uploading}
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? [])
                  // The same photo may be chosen again after removing it.
                  event.target.value = ''
                  void add(files)
                }}
              />
              <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
              </svg>
              <span>{t('form.addImage')}</span>
            </label>
          </li>
        )}
      </ul>
    </div>
  )
}
