import type { Bureau, BureauFileKind, FileHeader } from './bureau.js'
import { BUREAU_FILES } from './bureau.js'
import type { LayoutWriter } from './bureau-fields.js'
import { intfLayout } from './bureau-intf.js'
import { slikFileName, slikLayout } from './bureau-slik.js'
import { tudfLayout } from './bureau-tudf.js'

/**
 * Which layout writes which file (docs/product/credit-reporting.md#slik, #tudf, #intf). Money goes
 * into every file in whole units (rupiah, rupees, pesos), cents rounded half up (bureau-fields.ts).
 */

/** A fresh writer for one file of a run: writers remember what they wrote (SLIK's last debtor, INTF's totals). */
export function bureauLayout(bureau: Bureau, file: BureauFileKind): LayoutWriter {
  if (!(BUREAU_FILES[bureau] as readonly string[]).includes(file)) throw new RangeError(`${bureau} takes no ${file} file`)
  if (file === 'D01' || file === 'F01') return slikLayout(file)
  if (file === 'TUDF') return tudfLayout()
  return intfLayout()
}

/** How the server ends each line of the file. */
export function lineEnding(bureau: Bureau, file: BureauFileKind): string {
  return bureauLayout(bureau, file).lineEnding
}

/** The file's name: SLIK's own naming; otherwise `<bureau>-<period>-<file>.txt`. */
export function fileName(h: FileHeader, file: BureauFileKind): string {
  if (file === 'D01' || file === 'F01') return slikFileName(h, file)
  return `${h.bureau}-${h.period}-${file}.txt`
}
