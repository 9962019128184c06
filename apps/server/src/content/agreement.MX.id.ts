import { id as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Mexico, in Indonesian (docs/product/money-rules.md#lender-disclosure): the CAT, the product's own
 * late charges (a fixed fee once, then moratory interest) and their limit, collection without
 * threats, the lender's UNE and CONDUSEF.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Pinjaman ini tidak dikenakan denda keterlambatan.'
    const parts = [
      ...(l.fee ? [`biaya keterlambatan ${l.fee.new} (${l.fee.repeat} untuk nasabah lama), satu kali pada hari pertama keterlambatan`] : []),
      ...(l.tiers.length ? [`bunga moratorium ${tierPhrase(t, l.tiers)} dari jumlah jatuh tempo yang belum dibayar`] : []),
    ]
    return `Denda keterlambatan: ${parts.join(', dan ')}; seluruhnya tidak pernah melebihi ${l.cap} dari jumlah jatuh tempo yang belum dibayar. Denda tidak ditambahkan ke suku bunga maupun CAT dan tidak dimajemukkan.`
  },
  disclosure: (f) => ({
    heading: 'Informasi kredit',
    paragraphs: [
      `CAT (Costo Anual Total, biaya tahunan total) pinjaman ini: ${f.headline.value} sebelum PPN, untuk informasi dan perbandingan, dihitung pada ${f.signedOn}.`,
      `Suku bunga: ${f.dailyRate} dari pokok yang masih terutang. Biaya admin ${f.fee} dipotong saat pencairan: Peminjam menerima ${f.received} dan membayar total pengembalian ${f.totalRepay} dalam ${f.term}.`,
      f.lateCharges,
      'Penagihan dilakukan tanpa ancaman, intimidasi atau hinaan, tanpa menghubungi pihak ketiga yang tidak terkait pinjaman, dan hanya pada pukul 07.00-22.00.',
      `Pertanyaan dan pengaduan: Unit Layanan Pengguna (UNE) Pemberi Pinjaman, ${f.servicePhone}; kami menjawab paling lambat 30 hari kerja. Peminjam juga dapat menghubungi CONDUSEF: 55 5340 0999, www.condusef.gob.mx.`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Pemberi pinjaman: perusahaan pembiayaan penyedia layanan Kilat di Meksiko ("Pemberi Pinjaman").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
