import { count, id as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'
import { prepayDay } from './india.js'

/** India, in Indonesian: the lender's terms text (docs/product/money-rules.md#lender-disclosure). */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Pinjaman ini tidak dikenakan denda keterlambatan.'
    const parts = [
      ...(l.fee ? [`biaya satu kali ${l.fee.new} (${l.fee.repeat} untuk nasabah lama) pada hari pertama keterlambatan`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} dari jumlah yang belum dibayar`] : []),
    ]
    return `Denda keterlambatan: ${parts.join(', lalu ')}; seluruh denda tidak pernah melebihi ${l.cap} dari jumlah yang belum dibayar. Denda tidak ditambahkan ke suku bunga dan tidak dimajemukkan.`
  },
  disclosure: (f) => ({
    heading: 'Ketentuan pemberi pinjaman',
    paragraphs: [
      `Jangka waktu pinjaman adalah 91 sampai 365 hari; jangka waktu pinjaman ini ${count('id', f.termDays, 'days')}.`,
      'Keputusan atas pengajuan diberikan paling lambat 1 hari.',
      'Pinjaman yang disetujui dikirim ke rekening Peminjam dalam 1 sampai 3 hari kalender.',
      `Pelunasan lebih awal hanya dapat dilakukan setelah separuh jangka waktu berlalu dan tidak sebelum 7 hari sejak pencairan (untuk pinjaman ini: mulai hari ke-${prepayDay(f.termDays)} sejak pencairan).`,
      f.lateCharges,
      'Peminjam wajib memberitahukan setiap perubahan data pribadi dalam 3 hari.',
      'Pemberi Pinjaman akan memberitahukan pengalihan hak tagih kepada Peminjam 7 hari kerja sebelumnya.',
      'Jumlah yang ditetapkan dalam putusan pengadilan wajib dibayar dalam 10 hari.',
      'Perpanjangan hanya dapat dilakukan setelah seluruh bunga dan denda yang jatuh tempo dibayar, dan memperpanjang jangka waktu dengan periode yang sama.',
      `Pengaduan: hubungi ${f.servicePhone}; kami menjawab paling lambat 30 hari. Bila jawaban kami tidak menyelesaikannya, Peminjam dapat mengadu ke RBI Integrated Ombudsman (cms.rbi.org.in).`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Pemberi pinjaman: perusahaan pembiayaan non-bank penyedia layanan Kilat di India ("Pemberi Pinjaman").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
