import { id as t } from '../i18n/index.js'
import { acceptanceSection, capsOf, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Indonesia, in Indonesian: OJK's rules for consumer lending (docs/product/money-rules.md#caps,
 * #lender-disclosure): the cap in force on the signing date, the all-in daily cost, late charges
 * within the daily limit and the 100 % ceiling, collection without threats, the complaint channel.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Pinjaman ini tidak dikenakan denda keterlambatan.'
    const caps = capsOf(l)
    const parts = [
      ...(l.fee ? [`biaya satu kali ${l.fee.new} (${l.fee.repeat} untuk nasabah lama) pada hari pertama keterlambatan`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} dari pokok yang terlambat dibayar`] : []),
    ]
    return (
      `Denda keterlambatan: ${parts.join(', lalu ')}. Denda satu hari${l.fee ? ', termasuk biaya satu kali,' : ''} paling tinggi ${caps.lateDaily} dari pokok yang terlambat dibayar, ` +
      `dan seluruh denda paling tinggi ${l.cap} dari pokok tersebut; bunga, biaya dan denda seluruhnya tidak pernah melebihi ${caps.total} dari pokok pinjaman. ` +
      'Denda tidak ditambahkan ke suku bunga dan tidak dimajemukkan.'
    )
  },
  disclosure: (f) => {
    const caps = capsOf(f)
    return {
      heading: 'Ketentuan pemberi pinjaman',
      paragraphs: [
        `Pinjaman ini tunduk pada batas biaya pinjaman konsumtif dari Otoritas Jasa Keuangan (OJK) untuk perjanjian yang ditandatangani sejak ${caps.since}: bunga, biaya admin dan seluruh biaya lainnya paling tinggi ${caps.dailyCost} dari pokok pinjaman per hari.`,
        `Biaya harian total pinjaman ini, yaitu bunga dan biaya admin per hari jangka waktu dari pokok pinjaman: ${f.headline.value}. Biaya admin ${f.fee} dipotong saat pencairan; Peminjam menerima ${f.received} dan membayar total pengembalian ${f.totalRepay} dalam ${f.term}.`,
        f.lateCharges,
        'Penagihan dilakukan dengan sopan: tanpa ancaman, kekerasan atau tindakan yang mempermalukan Peminjam, tidak kepada pihak lain selain Peminjam, dan hanya pada pukul 08.00-20.00 waktu setempat.',
        `Pengaduan: hubungi layanan pelanggan di ${f.servicePhone}; kami menjawab paling lambat 10 hari kerja. Bila Peminjam tidak puas dengan jawaban kami, Peminjam dapat mengadu ke Kontak OJK 157 atau konsumen@ojk.go.id.`,
      ],
    }
  },
  sections: (f) => [
    partiesSection(t, 'Pemberi pinjaman: perusahaan pembiayaan penyedia layanan Kilat di Indonesia, yang diawasi oleh Otoritas Jasa Keuangan ("Pemberi Pinjaman").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
