import type { Section } from './agreement.js'

/** The authorization and privacy consent, in Indonesian; `telephone` is the market's customer service. */
export const consent = (telephone: string): Section[] => [
  {
    heading: 'Otorisasi',
    paragraphs: [
      'Saya mengizinkan Pemberi Pinjaman memverifikasi identitas dan riwayat kredit saya pada biro kredit dan lembaga yang berwenang.',
      'Saya mengizinkan Pemberi Pinjaman menghubungi saya melalui telepon dan SMS mengenai pengajuan dan pinjaman saya.',
    ],
  },
  {
    heading: 'Data yang kami gunakan',
    paragraphs: [
      'Identitas, nomor ponsel, informasi perangkat dan riwayat pinjaman digunakan untuk menilai pengajuan, mencairkan dan menagih pinjaman, serta memenuhi kewajiban hukum.',
    ],
  },
  {
    heading: 'Perlindungan data',
    paragraphs: [
      'Data Anda tidak dijual. Data hanya dibagikan kepada penyedia layanan Pemberi Pinjaman, biro kredit, dan pihak berwenang bila diwajibkan oleh hukum, serta disimpan dengan aman.',
    ],
  },
  {
    heading: 'Hak Anda',
    paragraphs: [
      'Anda berhak melihat dan memperbaiki data Anda.',
      `Anda dapat menarik persetujuan ini dengan menghubungi layanan pelanggan di ${telephone}. Penarikan tidak menghapus kewajiban atas pinjaman yang sudah berjalan.`,
    ],
  },
]
