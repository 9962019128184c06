import type { ServerTexts } from './catalogue.js'

/** Bahasa Indonesia. */
export const id: ServerTexts = {
  counts: {
    days: { other: '# hari' },
    installments: { other: '# cicilan' },
    minutes: { other: '# menit' },
  },
  figures: {
    principal: 'Jumlah pinjaman',
    fee: 'Biaya admin',
    received: 'Jumlah diterima',
    interest: 'Total bunga',
    totalRepay: 'Total pengembalian',
    term: 'Jangka waktu',
    dailyRate: 'Suku bunga harian',
    headline: { dailyCost: 'Biaya harian total (termasuk biaya admin)', apr: 'Suku bunga tahunan (APR)', cat: 'Biaya tahunan total (CAT)' },
    dueDate: 'Tanggal jatuh tempo',
    firstDueDate: 'Jatuh tempo pertama',
    lateCharges: 'Denda keterlambatan',
    outstanding: 'Sisa tagihan',
    amountDue: 'Jumlah yang harus dibayar',
    orderNo: 'Nomor pesanan',
    appliedAt: 'Waktu pengajuan',
  },
  rates: {
    perDay: (p) => `${p}/hari`,
    headline: { dailyCost: (p) => `${p}/hari`, apr: (p) => `APR ${p}`, cat: (p) => `CAT ${p}` },
  },
  loan: {
    termWithInstallments: (days, installments) => `${days} (${installments})`,
    periodTitle: (n, of) => `Cicilan ${n}/${of}`,
    singlePayment: 'Pembayaran',
    planDescription: (p, i) => `Pokok ${p} + bunga ${i}`,
    feeNote: (fee, received) => `Biaya admin ${fee} dipotong saat pencairan, sehingga Anda menerima ${received}.`,
    popTitle: 'Perjanjian pinjaman dan ringkasan informasi utama',
    popContent: (f) =>
      `Sebelum menyetujui, bacalah perjanjian pinjaman. Anda menerima ${f.received} (biaya admin ${f.fee} sudah dipotong) dan membayar ${f.totalRepay} paling lambat ${f.lastDueDate}; ${f.headline}.`,
    notice: {
      submitted: { title: 'Sedang ditinjau', description: () => 'Pengajuan Anda sedang kami tinjau. Keputusan diberikan paling lambat 1 hari.' },
      approved: { title: 'Disetujui', description: () => 'Pinjaman Anda disetujui dan sedang dicairkan. Dana masuk ke rekening Anda dalam 1-3 hari kalender.' },
      rejected: { title: 'Belum disetujui', description: () => 'Maaf, pengajuan Anda belum dapat kami setujui saat ini. Anda dapat mencoba produk lain di bawah ini.' },
      repayingInstallments: { title: 'Sedang dicicil', description: (f) => `Cicilan berikutnya ${f.nextAmount} jatuh tempo pada ${f.nextDueDate}.` },
      due: { title: 'Menunggu pembayaran', description: (f) => `Bayar ${f.amountDue} paling lambat ${f.nextDueDate}.` },
      overdue: {
        title: 'Terlambat',
        description: (f) => `Pembayaran Anda terlambat ${f.overdue}. Denda keterlambatan ${f.penalty}; jumlah yang harus dibayar ${f.amountDue}.`,
      },
      settled: { title: 'Lunas', description: () => 'Terima kasih, pinjaman Anda sudah lunas. Anda dapat mengajukan pinjaman lagi.' },
      partnerRepaying: {
        title: 'Berjalan di mitra',
        description: (f) => `Pinjaman ini dikelola oleh mitra kami ${f.productName}. Bayar ${f.amountDue} paling lambat ${f.nextDueDate} melalui mitra.`,
      },
      partnerOverdue: {
        title: 'Terlambat di mitra',
        description: (f) => `Pinjaman Anda di ${f.productName} terlambat ${f.overdue}. Jumlah yang harus dibayar ${f.amountDue}; bayar melalui mitra.`,
      },
      partnerSettled: { title: 'Lunas di mitra', description: (f) => `Pinjaman Anda di ${f.productName} sudah lunas. Terima kasih!` },
    },
    reyDue: (a, d) => `Bayar ${a} paling lambat ${d}.`,
    reyNext: (a, d) => `Cicilan berikutnya ${a} jatuh tempo ${d}.`,
    reyOverdue: (a, overdue) => `Tagihan ${a} terlambat ${overdue}.`,
    tier: (rate, from, to, only) =>
      only && from === 1 ? `${rate} per hari` : to === null ? `${rate} per hari mulai hari ke-${from}` : `${rate} per hari pada hari ke-${from} sampai ${to}`,
    and: 'dan',
  },
  agreement: {
    agreementTitle: 'Perjanjian Pinjaman',
    consentTitle: 'Persetujuan Otorisasi dan Privasi',
    parties: 'Para pihak',
    borrower: (name, phone) => `Peminjam: ${name ?? 'pemilik nomor ponsel terdaftar'}, nomor ponsel ${phone} ("Peminjam").`,
    product: (name) => `Produk: ${name}.`,
    orderNo: (no) => `Nomor pesanan: ${no}.`,
    loan: 'Rincian pinjaman',
    line: (label, value) => `${label}: ${value}.`,
    schedule: 'Jadwal pembayaran',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, jatuh tempo ${date}.`,
    provisional: 'Tanggal jatuh tempo dihitung dari tanggal pencairan; tanggal di atas berlaku bila dana dicairkan hari ini.',
    acceptance: 'Persetujuan',
    acceptanceLines: (date) => [
      'Dengan mencentang kotak persetujuan dan menekan tombol konfirmasi, Peminjam menyetujui perjanjian ini secara elektronik.',
      `Tanggal: ${date}.`,
    ],
  },
  products: {
    inProgress: 'Dalam proses',
    unavailable: 'Tidak tersedia',
    amountRangeDes: 'Jumlah pinjaman',
    jumpConfirm: 'Lanjutkan untuk mengonfirmasi pinjaman Anda.',
    jumpInProgress: 'Anda sudah memiliki pinjaman yang berjalan untuk produk ini.',
    jumpPartner: 'Anda akan diarahkan ke situs mitra kami.',
    standTitle: 'Login bersama gagal',
    standMessage: (name) =>
      `Kami belum dapat memasukkan Anda${name ? ` ke ${name}` : ''} dengan akun Kilat. Silakan coba lagi nanti atau pilih produk lain di bawah ini.`,
  },
  sms: {
    loginCode: (code, validity) => `Kode verifikasi Kilat Anda: ${code}. Berlaku ${validity}. Jangan berikan kode ini kepada siapa pun.`,
  },
}
