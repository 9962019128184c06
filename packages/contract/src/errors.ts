import type { Locale } from '@kilat/domain'

type Messages = Record<Locale, string>

interface ErrorDef {
  /** Stable number, sent as the envelope's code (as a string in the '00' family). */
  code: number
  /** HTTP status of the answer. */
  status: number
  messages: Messages
}

/**
 * The code of a refused session (missing, unknown or expired), on its own: every screen's shell
 * acts on it, and an object's unused keys are not dropped from a bundle, so the browser's first
 * load takes this constant rather than the whole table below.
 */
export const SESSION_REQUIRED_CODE = 1001

/**
 * The stable number of each error, sent as the envelope's code. Kept apart from the messages so
 * that the browser, which only compares codes, does not ship every message in three languages.
 */
export const ERROR_CODES = {
  invalidRequest: 1000,
  sessionRequired: SESSION_REQUIRED_CODE,
  notFound: 1002,
  methodNotAllowed: 1003,
  payloadTooLarge: 1004,
  unsupportedMediaType: 1005,
  tooManyRequests: 1006,
  forbidden: 1007,
  conflict: 1008,
  internal: 1099,
  unavailable: 1098,
  phoneInvalid: 2001,
  smsCodeInvalid: 2002,
  smsCodeExpired: 2003,
  smsCodeTooManyTries: 2004,
  smsTooFrequent: 2005,
  smsQuotaReached: 2006,
  sidExpired: 2007,
  /** The SMS provider will not deliver to this number (opted out, blocked, a country we cannot reach): docs/operations/going-live.md#sms-delivery. */
  smsUndeliverable: 2008,
  /** The registration calls' own codes (docs/product/registration.md#codes): spec-given numbers. */
  captchaWrong: 101,
  alreadyRegistered: 11,
  registerCaptchaWrong: -1,
  templateNotFound: 5001,
  productUnavailable: 3001,
  amountOutOfRange: 3002,
  orderInProgress: 3003,
  termMismatch: 3004,
  productCostTooHigh: 3005,
  complaintTextRequired: 4001,
  collectionNotAllowed: 4002,
  /** A credit-report dispute about a loan never paid out, so never reported (docs/product/credit-reporting.md#disputes). */
  disputeNotReported: 4015,
  problemTypeInvalid: 4003,
  imageTypeRefused: 4004,
  imageTooLarge: 4005,
  tooManyImages: 4006,
  imageUnknown: 4007,
  uploadQuotaReached: 4008,
  alreadyRated: 4009,
  complaintNotAnswered: 4010,
  ratingRequired: 4011,
  /** Repayment (docs/product/money-rules.md#repayment). 800005 and 800006 are the card-repay codes the app always used. */
  payMethodUnknown: 6001,
  nothingOwed: 6002,
  amountNotOwed: 6003,
  selectionInvalid: 6004,
  extensionUnavailable: 6005,
  // 6006 (an extension refused while interest was owed) is retired and not reused: an extension's
  // payment now carries the interest and late charges (docs/product/loans.md#extension)
  repaidAtPartner: 6007,
  repayTokenInvalid: 6008,
  cardUnknown: 6009,
  cardNumberInvalid: 6010,
  utrNotAccepted: 6011,
  cardLimitReached: 6012,
  /** Know the borrower (docs/product/identity-and-payout-account.md#errors). */
  identityRefused: 6101,
  identityTaken: 6102,
  identityRequired: 6103,
  payoutAccountRefused: 6104,
  payoutAccountLocked: 6105,
  repayCodeWrong: 800006,
  repayTwice: 800005,
} as const

/**
 * The operations console's codes, apart from the borrower's: the borrower app compares codes from
 * ERROR_CODES, and an object ships whole, so these would otherwise load on every borrower screen.
 */
export const OPS_ERROR_CODES = {
  /** The complaint desk (docs/product/operations.md#complaint-desk). */
  complaintTaken: 4012,
  complaintClosed: 4013,
  complaintAlreadyReplied: 4014,
  /** Staff sign-in and accounts (docs/product/operations.md#errors). */
  staffSignInFailed: 7001,
  staffLocked: 7002,
  staffCodeWrong: 7003,
  staffForbidden: 7004,
  enrolmentInvalid: 7005,
  staffEmailTaken: 7006,
  staffSelfDisable: 7007,
  /** The order desk (docs/product/operations.md#order-desk-errors). */
  orderAlreadyDecided: 3101,
  orderNotApproved: 3102,
  payoutAlreadyRequested: 3103,
  payoutNotPending: 3105,
  /** payouts: the outbox (docs/product/operations.md#disbursement). */
  payoutInFlight: 3110,
  /** The borrower has no account a loan may be paid into: none given, its name check not passed (docs/product/identity-and-payout-account.md#errors). */
  payoutAccountNotPayable: 3111,
  /** A risk flag already closed. */
  kycFlagClosed: 3112,
  /** Instant decisions (docs/product/decisions.md#errors). */
  policyInvalid: 3200,
  policyVersionPending: 3201,
  policyVersionNotPending: 3202,
  autoPayoutLimitsPending: 3203,
  autoPayoutLimitsNotPending: 3204,
  /** Credit bureau reporting (docs/product/credit-reporting.md#errors). */
  bureauRunHasErrors: 3300,
  bureauRunSuperseded: 3301,
  bureauSendPending: 3302,
  bureauSendNotPending: 3303,
  bureauPeriodOpen: 3304,
  bureauAlreadySent: 3305,
  /** A report correction asked on a complaint that is not a credit-report dispute closed as resolved. */
  disputeOnly: 3306,
  /** Waivers and refunds (docs/product/waivers-and-refunds.md#errors). */
  waiverTooLarge: 3130,
  refundTooLarge: 3131,
  adjustmentAlreadyRequested: 3132,
  adjustmentNotPending: 3134,
  orderNotRepaying: 3135,
  /** The money desk (docs/product/operations.md#money-desk-errors). */
  reconDifferenceNotOpen: 3150,
  reconResolutionNotAllowed: 3151,
  reconResolutionPending: 3152,
  reconResolutionNotPending: 3153,
  reconDayOpen: 3155,
  reconDayClosed: 3156,
  reconDayNotReconciled: 3157,
  reconDayNotOver: 3158,
  reconPaymentExists: 3159,
  /** Products by staff (docs/product/products.md#version-errors). */
  productRuleBroken: 3170,
  productVersionPending: 3171,
  productVersionNotPending: 3173,
  productVersionStale: 3174,
  productCodeTaken: 3175,
  /** Collections (docs/product/collections.md#errors). */
  contactOutsideWindow: 3180,
  promiseInvalid: 3181,
  orderNotInCollections: 3182,
  /** Four eyes, in every action that needs it (docs/product/operations.md#four-eyes). */
  fourEyesSameMember: 3120,
  fourEyesExpired: 3121,
  /** kb and staff administration (docs/product/knowledge-base.md#errors, operations.md#staff-administration). */
  kbGapGone: 4020,
  staffRolePending: 7010,
  staffRoleNotPending: 7012,
  staffSelfChange: 7013,
  staffAdminByGrant: 7014,
  /** registration funnel (docs/product/registration-funnel.md#errors). */
  funnelRangeInvalid: 3190,
  funnelTemplateNotFound: 3191,
} as const

/**
 * Every error a borrower can meet, with the text they read in each language. The server throws
 * these by key; the envelope carries the code and the message in the borrower's language.
 */
export const ERRORS = /* @__PURE__ */ errorTable({
  invalidRequest: {
    status: 400,
    messages: {
      id: 'Data yang Anda kirim tidak lengkap atau tidak valid. Silakan periksa dan coba lagi.',
      en: 'Some information is missing or not valid. Please check and try again.',
      es: 'Falta información o no es válida. Revísala e inténtalo de nuevo.',
    },
  },
  sessionRequired: {
    status: 401,
    messages: {
      id: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
      en: 'Your session has ended. Please log in again.',
      es: 'Tu sesión terminó. Inicia sesión de nuevo.',
    },
  },
  notFound: {
    status: 404,
    messages: {
      id: 'Data yang Anda cari tidak ditemukan.',
      en: 'We could not find what you asked for.',
      es: 'No encontramos lo que buscas.',
    },
  },
  methodNotAllowed: {
    status: 405,
    messages: {
      id: 'Permintaan ini tidak didukung.',
      en: 'This request is not supported.',
      es: 'Esta solicitud no es compatible.',
    },
  },
  payloadTooLarge: {
    status: 413,
    messages: {
      id: 'Data atau file terlalu besar.',
      en: 'The data or file is too large.',
      es: 'Los datos o el archivo son demasiado grandes.',
    },
  },
  unsupportedMediaType: {
    status: 415,
    messages: {
      id: 'Format data tidak didukung.',
      en: 'This data format is not supported.',
      es: 'Este formato de datos no es compatible.',
    },
  },
  tooManyRequests: {
    status: 429,
    messages: {
      id: 'Terlalu banyak permintaan. Silakan tunggu sebentar dan coba lagi.',
      en: 'Too many requests. Please wait a moment and try again.',
      es: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    },
  },
  forbidden: {
    status: 403,
    messages: {
      id: 'Permintaan ditolak. Silakan muat ulang halaman dan coba lagi.',
      en: 'The request was refused. Please reload the page and try again.',
      es: 'La solicitud fue rechazada. Vuelve a cargar la página e inténtalo de nuevo.',
    },
  },
  conflict: {
    status: 409,
    messages: {
      id: 'Data ini baru saja berubah. Silakan muat ulang dan coba lagi.',
      en: 'This was changed a moment ago. Please reload and try again.',
      es: 'Esto cambió hace un momento. Vuelve a cargar e inténtalo de nuevo.',
    },
  },
  internal: {
    status: 500,
    messages: {
      id: 'Terjadi kesalahan pada sistem kami. Silakan coba lagi.',
      en: 'Something went wrong on our side. Please try again.',
      es: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    },
  },
  unavailable: {
    status: 503,
    messages: {
      id: 'Layanan sedang tidak tersedia. Silakan coba lagi nanti.',
      en: 'The service is unavailable right now. Please try again later.',
      es: 'El servicio no está disponible ahora. Inténtalo más tarde.',
    },
  },
  phoneInvalid: {
    status: 400,
    messages: {
      id: 'Silakan masukkan nomor ponsel dengan benar.',
      en: 'Please enter the phone number correctly.',
      es: 'Ingresa el número de celular correctamente.',
    },
  },
  smsCodeInvalid: {
    status: 400,
    messages: {
      id: 'Silakan masukkan kode SMS dengan benar.',
      en: 'Please enter the SMS code correctly.',
      es: 'Ingresa el código SMS correctamente.',
    },
  },
  smsCodeExpired: {
    status: 400,
    messages: {
      id: 'Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.',
      en: 'The verification code has expired. Please get a new code.',
      es: 'El código de verificación caducó. Solicita un código nuevo.',
    },
  },
  smsCodeTooManyTries: {
    status: 429,
    messages: {
      id: 'Terlalu banyak kode yang salah. Silakan minta kode baru.',
      en: 'Too many wrong codes. Please get a new code.',
      es: 'Demasiados códigos incorrectos. Solicita un código nuevo.',
    },
  },
  smsTooFrequent: {
    status: 429,
    messages: {
      id: 'Jangan mengirim kode berulang kali.',
      en: 'Please do not send the code repeatedly.',
      es: 'No envíes el código repetidamente.',
    },
  },
  smsQuotaReached: {
    status: 429,
    messages: {
      id: 'Terlalu banyak permintaan kode untuk saat ini. Silakan coba lagi nanti.',
      en: 'Too many codes have been requested for now. Please try again later.',
      es: 'Se pidieron demasiados códigos por ahora. Inténtalo más tarde.',
    },
  },
  sidExpired: {
    status: 400,
    messages: {
      id: 'Halaman sudah terlalu lama terbuka. Silakan muat ulang gambar kode.',
      en: 'This page has been open too long. Please refresh the image code.',
      es: 'La página lleva demasiado tiempo abierta. Actualiza el código de la imagen.',
    },
  },
  smsUndeliverable: {
    status: 400,
    messages: {
      id: 'Kami tidak dapat mengirim SMS ke nomor ini. Periksa nomor Anda atau hubungi layanan pelanggan.',
      en: 'We could not send an SMS to this number. Check the number or contact customer service.',
      es: 'No pudimos enviar un SMS a este número. Revisa el número o contacta a atención al cliente.',
    },
  },
  captchaWrong: {
    status: 400,
    messages: {
      id: 'Kode gambar salah. Silakan coba lagi dengan kode gambar yang baru.',
      en: 'The image code is wrong. Please try again with the new image code.',
      es: 'El código de la imagen es incorrecto. Inténtalo de nuevo con el código de la nueva imagen.',
    },
  },
  alreadyRegistered: {
    status: 409,
    messages: {
      id: 'Nomor ini sudah terdaftar. Silakan unduh aplikasi dan masuk.',
      en: 'This number is already registered. Please download the app and log in.',
      es: 'Este número ya está registrado. Descarga la aplicación e inicia sesión.',
    },
  },
  registerCaptchaWrong: {
    status: 400,
    messages: {
      id: 'Kode gambar salah. Silakan masukkan kode gambar yang baru.',
      en: 'The image code is wrong. Please enter the new image code.',
      es: 'El código de la imagen es incorrecto. Ingresa el código de la nueva imagen.',
    },
  },
  templateNotFound: {
    status: 404,
    messages: {
      id: 'Halaman promosi ini tidak tersedia.',
      en: 'This promotion page is not available.',
      es: 'Esta página de promoción no está disponible.',
    },
  },
  productUnavailable: {
    status: 404,
    messages: {
      id: 'Produk ini sedang tidak tersedia. Silakan pilih produk lain.',
      en: 'This product is not available right now. Please choose another one.',
      es: 'Este producto no está disponible ahora. Elige otro.',
    },
  },
  amountOutOfRange: {
    status: 400,
    messages: {
      id: 'Jumlah pinjaman di luar batas produk ini.',
      en: 'The loan amount is outside this product\'s limits.',
      es: 'El monto del préstamo está fuera de los límites de este producto.',
    },
  },
  orderInProgress: {
    status: 409,
    messages: {
      id: 'Anda masih memiliki pinjaman yang belum lunas untuk produk ini.',
      en: 'You still have an unsettled loan with this product.',
      es: 'Todavía tienes un préstamo sin liquidar con este producto.',
    },
  },
  termMismatch: {
    status: 400,
    messages: {
      id: 'Jangka waktu pinjaman tidak sesuai dengan produk ini. Silakan muat ulang halaman.',
      en: 'The loan term does not match this product. Please reload the page.',
      es: 'El plazo del préstamo no corresponde a este producto. Vuelve a cargar la página.',
    },
  },
  productCostTooHigh: {
    status: 400,
    messages: {
      id: 'Biaya produk melebihi batas yang berlaku: biaya harian, denda keterlambatan atau total biaya terhadap pokok pinjaman.',
      en: 'The product costs more than the caps in force allow: its daily cost, its late charges or its total cost against the principal.',
      es: 'El producto cuesta más de lo que permiten los topes vigentes: su costo diario, sus cargos por atraso o su costo total frente al capital.',
    },
  },
  complaintTextRequired: {
    status: 400,
    messages: {
      id: 'Silakan isi keluhan dan saran Anda.',
      en: 'Please fill in your comments and suggestions.',
      es: 'Escribe tus comentarios y sugerencias.',
    },
  },
  collectionNotAllowed: {
    status: 400,
    messages: {
      id: 'Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan.',
      en: 'The selected order does not support sending collection types.',
      es: 'El pedido seleccionado no admite quejas de tipo cobranza.',
    },
  },
  disputeNotReported: {
    status: 400,
    messages: {
      id: 'Pesanan ini belum pernah dicairkan, jadi tidak dilaporkan ke biro kredit.',
      en: 'This order was never paid out, so it was not reported to a credit bureau.',
      es: 'Este pedido nunca se depositó, así que no se reportó a un buró de crédito.',
    },
  },
  problemTypeInvalid: {
    status: 400,
    messages: {
      id: 'Silakan pilih jenis masalah (dan sub-jenis untuk penagihan).',
      en: 'Please choose a problem type (and a sub-type for collection).',
      es: 'Elige un tipo de problema (y un subtipo para cobranza).',
    },
  },
  imageTypeRefused: {
    status: 415,
    messages: {
      id: 'Hanya foto JPEG, PNG atau WebP yang dapat dikirim.',
      en: 'Only JPEG, PNG or WebP photos can be sent.',
      es: 'Solo se pueden enviar fotos JPEG, PNG o WebP.',
    },
  },
  imageTooLarge: {
    status: 413,
    messages: {
      id: 'Foto terlalu besar: maksimal 5 MB dan 4096 × 4096 piksel.',
      en: 'The photo is too large: at most 5 MB and 4096 × 4096 pixels.',
      es: 'La foto es demasiado grande: máximo 5 MB y 4096 × 4096 píxeles.',
    },
  },
  tooManyImages: {
    status: 400,
    messages: {
      id: 'Maksimal 9 foto untuk satu pengaduan.',
      en: 'A complaint can have at most 9 photos.',
      es: 'Una queja puede tener como máximo 9 fotos.',
    },
  },
  imageUnknown: {
    status: 400,
    messages: {
      id: 'Salah satu foto tidak ditemukan. Silakan unggah ulang.',
      en: 'One of the photos could not be found. Please upload it again.',
      es: 'No encontramos una de las fotos. Súbela de nuevo.',
    },
  },
  uploadQuotaReached: {
    status: 429,
    messages: {
      id: 'Anda sudah mengunggah terlalu banyak foto hari ini. Silakan coba lagi besok.',
      en: 'You have uploaded too many photos today. Please try again tomorrow.',
      es: 'Subiste demasiadas fotos hoy. Inténtalo de nuevo mañana.',
    },
  },
  alreadyRated: {
    status: 409,
    messages: {
      id: 'Anda sudah memberi penilaian untuk pengaduan ini.',
      en: 'You have already rated this complaint.',
      es: 'Ya calificaste esta queja.',
    },
  },
  complaintNotAnswered: {
    status: 409,
    messages: {
      id: 'Penilaian dapat diberikan setelah pengaduan dijawab.',
      en: 'You can rate a complaint once it has been answered.',
      es: 'Podrás calificar la queja cuando haya sido respondida.',
    },
  },
  ratingRequired: {
    status: 400,
    messages: {
      id: 'Silakan pilih',
      en: 'Please choose a rating.',
      es: 'Elige una calificación.',
    },
  },
  complaintTaken: {
    status: 409,
    messages: {
      id: 'Pengaduan ini sudah ditangani oleh staf lain.',
      en: 'Another staff member has already taken this complaint.',
      es: 'Otra persona del equipo ya tomó esta queja.',
    },
  },
  complaintClosed: {
    status: 409,
    messages: {
      id: 'Pengaduan ini sudah ditutup.',
      en: 'This complaint is already closed.',
      es: 'Esta queja ya está cerrada.',
    },
  },
  complaintAlreadyReplied: {
    status: 409,
    messages: {
      id: 'Pengaduan ini sudah dijawab.',
      en: 'This complaint has already been answered.',
      es: 'Esta queja ya fue respondida.',
    },
  },
  payMethodUnknown: {
    status: 400,
    messages: {
      id: 'Metode pembayaran ini tidak tersedia. Silakan pilih metode lain.',
      en: 'This payment method is not available. Please choose another one.',
      es: 'Este método de pago no está disponible. Elige otro.',
    },
  },
  nothingOwed: {
    status: 409,
    messages: {
      id: 'Tidak ada tagihan yang perlu dibayar untuk pesanan ini.',
      en: 'There is nothing to pay on this order.',
      es: 'No hay nada que pagar en este préstamo.',
    },
  },
  amountNotOwed: {
    status: 409,
    messages: {
      id: 'Jumlah ini tidak sesuai dengan tagihan Anda. Silakan muat ulang halaman.',
      en: 'This amount does not match what you owe. Please reload the page.',
      es: 'Este monto no coincide con lo que debes. Vuelve a cargar la página.',
    },
  },
  selectionInvalid: {
    status: 400,
    messages: {
      id: 'Silakan pilih tagihan yang ingin dibayar.',
      en: 'Please choose the installments you want to pay.',
      es: 'Elige las cuotas que quieres pagar.',
    },
  },
  extensionUnavailable: {
    status: 409,
    messages: {
      id: 'Pinjaman ini tidak dapat diperpanjang.',
      en: 'This loan cannot be extended.',
      es: 'Este préstamo no se puede prorrogar.',
    },
  },
  repaidAtPartner: {
    status: 409,
    messages: {
      id: 'Pinjaman ini dibayar melalui mitra kami.',
      en: 'This loan is repaid through our partner.',
      es: 'Este préstamo se paga a través de nuestro socio.',
    },
  },
  repayTokenInvalid: {
    status: 409,
    messages: {
      id: 'Sesi pembayaran ini sudah berakhir. Silakan muat ulang halaman.',
      en: 'This payment session has ended. Please reload the page.',
      es: 'Esta sesión de pago terminó. Vuelve a cargar la página.',
    },
  },
  cardUnknown: {
    status: 404,
    messages: {
      id: 'Kartu bank tidak ditemukan. Silakan pilih kartu lain.',
      en: 'This bank card was not found. Please choose another card.',
      es: 'No se encontró esta tarjeta. Elige otra tarjeta.',
    },
  },
  cardNumberInvalid: {
    status: 400,
    messages: {
      id: 'Nomor kartu tidak valid. Silakan periksa kembali.',
      en: 'This card number is not valid. Please check it.',
      es: 'Este número de tarjeta no es válido. Revísalo.',
    },
  },
  utrNotAccepted: {
    status: 409,
    messages: {
      id: 'UTR hanya dapat dikirim untuk transfer bank yang belum dibayar.',
      en: 'A UTR can only be sent for an unpaid bank transfer.',
      es: 'Solo se puede enviar un UTR para una transferencia bancaria sin pagar.',
    },
  },
  cardLimitReached: {
    status: 409,
    messages: {
      id: 'Anda sudah menambahkan 10 kartu, jumlah maksimum.',
      en: 'You have already added 10 cards, the most allowed.',
      es: 'Ya agregaste 10 tarjetas, el máximo permitido.',
    },
  },
  // Know the borrower (docs/product/identity-and-payout-account.md#errors)
  identityRefused: {
    status: 422,
    messages: {
      id: 'Beberapa data identitas tidak valid. Periksa kolom yang ditandai.',
      en: 'Some identity details are not valid. Check the fields marked.',
      es: 'Algunos datos de identidad no son válidos. Revisa los campos marcados.',
    },
  },
  identityTaken: {
    status: 409,
    messages: {
      id: 'Nomor identitas ini sudah terdaftar di akun lain. Hubungi layanan pelanggan kami.',
      en: 'This ID number is already registered to another account. Please contact our customer service.',
      es: 'Este número de identificación ya está registrado en otra cuenta. Comunícate con nuestro servicio al cliente.',
    },
  },
  identityRequired: {
    status: 409,
    messages: {
      id: 'Lengkapi verifikasi identitas Anda terlebih dahulu.',
      en: 'Please complete your identity verification first.',
      es: 'Primero completa la verificación de tu identidad.',
    },
  },
  payoutAccountRefused: {
    status: 422,
    messages: {
      id: 'Data rekening tidak valid. Periksa kolom yang ditandai.',
      en: 'The account details are not valid. Check the fields marked.',
      es: 'Los datos de la cuenta no son válidos. Revisa los campos marcados.',
    },
  },
  payoutAccountLocked: {
    status: 409,
    messages: {
      id: 'Dana pinjaman Anda sedang dikirim ke rekening ini. Anda dapat mengubahnya setelah dana diterima.',
      en: 'Your loan is being sent to this account. You can change it once the money has arrived.',
      es: 'Tu préstamo se está enviando a esta cuenta. Podrás cambiarla cuando llegue el dinero.',
    },
  },
  repayCodeWrong: {
    status: 400,
    messages: {
      id: 'Kode verifikasi salah.',
      en: 'The verification code is wrong.',
      es: 'El código de verificación es incorrecto.',
    },
  },
  repayTwice: {
    status: 409,
    messages: {
      id: 'Jangan mengirim permintaan pembayaran dua kali.',
      en: 'Please do not submit a payment request twice.',
      es: 'No envíes una solicitud de pago dos veces.',
    },
  },
  staffSignInFailed: {
    status: 401,
    messages: {
      id: 'Email atau kata sandi salah.',
      en: 'The email or password is wrong.',
      es: 'El correo o la contraseña son incorrectos.',
    },
  },
  staffLocked: {
    status: 423,
    messages: {
      id: 'Terlalu banyak percobaan yang salah. Akun dikunci selama 15 menit.',
      en: 'Too many wrong attempts. The account is locked for 15 minutes.',
      es: 'Demasiados intentos incorrectos. La cuenta está bloqueada durante 15 minutos.',
    },
  },
  staffCodeWrong: {
    status: 401,
    messages: {
      id: 'Kode salah atau sudah dipakai. Tunggu kode berikutnya dari aplikasi autentikator.',
      en: 'The code is wrong or was already used. Wait for the next code of your authenticator app.',
      es: 'El código es incorrecto o ya se usó. Espera el siguiente código de tu aplicación de autenticación.',
    },
  },
  staffForbidden: {
    status: 403,
    messages: {
      id: 'Peran atau pasar Anda tidak mengizinkan tindakan ini.',
      en: 'Your role or markets do not allow this.',
      es: 'Tu rol o tus mercados no permiten esto.',
    },
  },
  enrolmentInvalid: {
    status: 410,
    messages: {
      id: 'Tautan pendaftaran ini tidak berlaku atau sudah kedaluwarsa. Mintalah tautan baru kepada administrator.',
      en: 'This enrolment link is not valid or has expired. Ask an administrator for a new one.',
      es: 'Este enlace de registro no es válido o caducó. Pide uno nuevo a un administrador.',
    },
  },
  staffEmailTaken: {
    status: 409,
    messages: {
      id: 'Sudah ada akun staf dengan email ini.',
      en: 'A staff account with this email already exists.',
      es: 'Ya existe una cuenta de personal con este correo.',
    },
  },
  staffSelfDisable: {
    status: 409,
    messages: {
      id: 'Anda tidak dapat menonaktifkan akun Anda sendiri. Minta administrator lain.',
      en: 'You cannot disable your own account. Ask another administrator.',
      es: 'No puedes desactivar tu propia cuenta. Pídeselo a otro administrador.',
    },
  },
  orderAlreadyDecided: {
    status: 409,
    messages: {
      id: 'Pesanan ini sudah diputuskan. Muat ulang untuk melihat statusnya.',
      en: 'This order was already decided. Reload to see its status.',
      es: 'Este pedido ya fue decidido. Recarga para ver su estado.',
    },
  },
  orderNotApproved: {
    status: 409,
    messages: {
      id: 'Pesanan ini tidak menunggu pencairan.',
      en: 'This order is not waiting for its payout.',
      es: 'Este pedido no está esperando su desembolso.',
    },
  },
  payoutAlreadyRequested: {
    status: 409,
    messages: {
      id: 'Pencairan pesanan ini sudah diminta dan menunggu konfirmasi.',
      en: 'A payout of this order is already requested and waiting for confirmation.',
      es: 'Ya se solicitó el desembolso de este pedido y espera confirmación.',
    },
  },
  payoutNotPending: {
    status: 409,
    messages: {
      id: 'Permintaan pencairan ini sudah diproses atau dibatalkan. Muat ulang untuk melihat statusnya.',
      en: 'This payout request was already handled or cancelled. Reload to see its status.',
      es: 'Esta solicitud de desembolso ya fue procesada o cancelada. Recarga para ver su estado.',
    },
  },
  payoutInFlight: {
    status: 409,
    messages: {
      id: 'Pencairan pesanan ini sedang dikirim. Tunggu hasilnya sebelum meminta lagi.',
      en: 'A payout of this order is on its way. Wait for its result before asking again.',
      es: 'El desembolso de este pedido está en camino. Espera su resultado antes de solicitarlo de nuevo.',
    },
  },
  payoutAccountNotPayable: {
    status: 409,
    messages: {
      id: 'Rekening pencairan peminjam belum ada atau nama pemiliknya belum cocok. Pencairan tidak bisa diminta.',
      en: "The borrower has no payout account yet, or its holder's name has not matched. The payout cannot be asked for.",
      es: 'El cliente aún no tiene cuenta de desembolso, o el nombre del titular no coincide. No se puede solicitar el desembolso.',
    },
  },
  kycFlagClosed: {
    status: 409,
    messages: {
      id: 'Tanda ini sudah ditutup oleh anggota lain.',
      en: 'This flag was already closed by another member.',
      es: 'Otra persona ya cerró esta alerta.',
    },
  },
  // Instant decisions (docs/product/decisions.md#errors)
  policyInvalid: {
    status: 422,
    messages: {
      id: 'Ada kondisi yang tidak dapat dibaca. Periksa baris dan kolom yang ditandai.',
      en: 'A condition cannot be read. Check the marked row and column.',
      es: 'Hay una condición que no se puede leer. Revisa la fila y la columna marcadas.',
    },
  },
  policyVersionPending: {
    status: 409,
    messages: {
      id: 'Versi lain untuk pasar ini masih menunggu. Terbitkan atau tarik dulu.',
      en: 'Another version of this market is waiting. Publish or withdraw it first.',
      es: 'Otra versión de este mercado está en espera. Publícala o retírala primero.',
    },
  },
  policyVersionNotPending: {
    status: 409,
    messages: {
      id: 'Versi ini sudah tidak menunggu: sudah diterbitkan atau ditarik.',
      en: 'This version is no longer waiting: it was published or withdrawn.',
      es: 'Esta versión ya no está en espera: fue publicada o retirada.',
    },
  },
  autoPayoutLimitsPending: {
    status: 409,
    messages: {
      id: 'Perubahan batas lain untuk pasar ini masih menunggu.',
      en: 'Another change of limits for this market is waiting.',
      es: 'Otro cambio de límites de este mercado está en espera.',
    },
  },
  autoPayoutLimitsNotPending: {
    status: 409,
    messages: {
      id: 'Perubahan batas ini sudah tidak menunggu.',
      en: 'This change of limits is no longer waiting.',
      es: 'Este cambio de límites ya no está en espera.',
    },
  },
  // Credit bureau reporting (docs/product/credit-reporting.md#errors)
  bureauRunHasErrors: {
    status: 409,
    messages: {
      id: 'Laporan ini masih memiliki kesalahan. Perbaiki datanya lalu susun ulang laporan.',
      en: 'This run still has errors. Fix the data, then rebuild the run.',
      es: 'Este reporte aún tiene errores. Corrige los datos y vuelve a generar el reporte.',
    },
  },
  bureauRunSuperseded: {
    status: 409,
    messages: {
      id: 'Laporan ini sudah digantikan oleh susunan yang lebih baru.',
      en: 'This run was replaced by a newer build.',
      es: 'Este reporte fue reemplazado por una generación más reciente.',
    },
  },
  bureauSendPending: {
    status: 409,
    messages: {
      id: 'Pengiriman ke biro ini sudah menunggu konfirmasi anggota kedua.',
      en: 'A send to this bureau is already waiting for a second member.',
      es: 'Un envío a este buró ya espera a un segundo miembro.',
    },
  },
  bureauSendNotPending: {
    status: 409,
    messages: {
      id: 'Pengiriman ini sudah tidak menunggu.',
      en: 'This send is no longer waiting.',
      es: 'Este envío ya no está en espera.',
    },
  },
  bureauPeriodOpen: {
    status: 409,
    messages: {
      id: 'Periode ini belum ditutup. Laporan disusun setelah batas waktunya.',
      en: 'This period has not closed yet. A run is built after its cut-off.',
      es: 'Este periodo aún no cierra. El reporte se genera después de su corte.',
    },
  },
  bureauAlreadySent: {
    status: 409,
    messages: {
      id: 'Laporan periode ini sudah dikirim ke biro ini. Perbaikan masuk ke laporan berikutnya.',
      en: 'This period was already sent to this bureau. Corrections go in the next run.',
      es: 'Este periodo ya se envió a este buró. Las correcciones van en el siguiente reporte.',
    },
  },
  disputeOnly: {
    status: 409,
    messages: {
      id: 'Koreksi laporan kredit hanya untuk sengketa laporan kredit yang diselesaikan.',
      en: 'A report correction is only for a credit-report dispute closed as resolved.',
      es: 'Una corrección del reporte solo aplica a una disputa de reporte de crédito resuelta.',
    },
  },
  // Waivers and refunds (docs/product/waivers-and-refunds.md#errors)
  waiverTooLarge: {
    status: 409,
    messages: {
      id: 'Jumlah keringanan melebihi yang masih terutang untuk komponen ini.',
      en: 'The waiver is more than is still owed of this charge.',
      es: 'La condonación supera lo que aún se adeuda de este cargo.',
    },
  },
  refundTooLarge: {
    status: 409,
    messages: {
      id: 'Jumlah pengembalian melebihi kelebihan bayar yang belum dikembalikan.',
      en: 'The refund is more than was overpaid and not yet refunded.',
      es: 'El reembolso supera lo pagado de más y aún no reembolsado.',
    },
  },
  adjustmentAlreadyRequested: {
    status: 409,
    messages: {
      id: 'Pesanan ini sudah memiliki permintaan yang menunggu konfirmasi.',
      en: 'This order already has a request of this kind waiting for confirmation.',
      es: 'Este pedido ya tiene una solicitud de este tipo pendiente de confirmación.',
    },
  },
  adjustmentNotPending: {
    status: 409,
    messages: {
      id: 'Permintaan ini sudah dikonfirmasi atau dibatalkan. Muat ulang untuk melihat statusnya.',
      en: 'This request was already confirmed or cancelled. Reload to see its status.',
      es: 'Esta solicitud ya fue confirmada o cancelada. Recarga para ver su estado.',
    },
  },
  orderNotRepaying: {
    status: 409,
    messages: {
      id: 'Pesanan ini tidak sedang dibayar kembali kepada kami: tidak ada yang bisa diberi keringanan.',
      en: 'This order is not being repaid to us: there is nothing to waive.',
      es: 'Este pedido no se nos está pagando: no hay nada que condonar.',
    },
  },
  reconDifferenceNotOpen: {
    status: 409,
    messages: {
      id: 'Selisih ini sudah diselesaikan. Muat ulang untuk melihat statusnya.',
      en: 'This difference is already resolved. Reload to see its status.',
      es: 'Esta diferencia ya está resuelta. Recarga para ver su estado.',
    },
  },
  reconResolutionNotAllowed: {
    status: 409,
    messages: {
      id: 'Penyelesaian ini tidak berlaku untuk jenis selisih ini.',
      en: 'This resolution does not apply to this kind of difference.',
      es: 'Esta resolución no corresponde a este tipo de diferencia.',
    },
  },
  reconResolutionPending: {
    status: 409,
    messages: {
      id: 'Selisih ini sudah memiliki usulan penyelesaian yang menunggu konfirmasi.',
      en: 'This difference already has a resolution waiting for confirmation.',
      es: 'Esta diferencia ya tiene una resolución pendiente de confirmación.',
    },
  },
  reconResolutionNotPending: {
    status: 409,
    messages: {
      id: 'Usulan penyelesaian ini sudah dikonfirmasi atau dibatalkan. Muat ulang untuk melihat statusnya.',
      en: 'This resolution was already confirmed or cancelled. Reload to see its status.',
      es: 'Esta resolución ya fue confirmada o cancelada. Recarga para ver su estado.',
    },
  },
  reconDayOpen: {
    status: 409,
    messages: {
      id: 'Hari ini masih memiliki selisih yang belum diselesaikan; pembukuan belum dapat ditutup.',
      en: 'This day still has open differences; its books cannot be closed yet.',
      es: 'Este día aún tiene diferencias abiertas; no se puede cerrar todavía.',
    },
  },
  reconDayClosed: {
    status: 409,
    messages: {
      id: 'Pembukuan hari ini sudah ditutup.',
      en: 'The books of this day are already closed.',
      es: 'Los libros de este día ya están cerrados.',
    },
  },
  reconDayNotReconciled: {
    status: 409,
    messages: {
      id: 'Hari ini belum direkonsiliasi dengan laporan gateway.',
      en: 'This day has not been reconciled with the gateway’s report yet.',
      es: 'Este día aún no se ha conciliado con el reporte de la pasarela.',
    },
  },
  reconDayNotOver: {
    status: 409,
    messages: {
      id: 'Hari ini belum berakhir di pasar ini; laporannya belum lengkap.',
      en: 'This day is not over yet in this market; its report is not complete.',
      es: 'Este día aún no termina en este mercado; su reporte no está completo.',
    },
  },
  reconPaymentExists: {
    status: 409,
    messages: {
      id: 'Pembayaran ini sudah tercatat pada sebuah pesanan.',
      en: 'This payment is already recorded on an order.',
      es: 'Este pago ya está registrado en una orden.',
    },
  },
  productRuleBroken: {
    status: 400,
    messages: {
      id: 'Produk ini melanggar aturan pasar: lihat keterangan di samping kolomnya.',
      en: 'This product breaks a rule of its market: see the note beside each field.',
      es: 'Este producto incumple una regla de su mercado: revisa la nota junto a cada campo.',
    },
  },
  productVersionPending: {
    status: 409,
    messages: {
      id: 'Produk ini sudah memiliki versi yang menunggu diterbitkan.',
      en: 'This product already has a version waiting to be published.',
      es: 'Este producto ya tiene una versión pendiente de publicación.',
    },
  },
  productVersionNotPending: {
    status: 409,
    messages: {
      id: 'Versi ini sudah diterbitkan atau ditarik. Muat ulang untuk melihat statusnya.',
      en: 'This version was already published or withdrawn. Reload to see its status.',
      es: 'Esta versión ya fue publicada o retirada. Recarga para ver su estado.',
    },
  },
  productVersionStale: {
    status: 409,
    messages: {
      id: 'Produk ini telah berubah sejak versi ini diusulkan. Tarik versi ini dan usulkan lagi.',
      en: 'The product changed after this version was proposed. Withdraw it and propose again.',
      es: 'El producto cambió después de proponer esta versión. Retírala y propónla de nuevo.',
    },
  },
  productCodeTaken: {
    status: 409,
    messages: {
      id: 'Kode produk ini sudah dipakai.',
      en: 'This product code is already in use.',
      es: 'Este código de producto ya está en uso.',
    },
  },
  contactOutsideWindow: {
    status: 409,
    messages: {
      id: 'Peminjam tidak boleh dihubungi sekarang: di luar jam kontak pasarnya menurut waktu setempat peminjam, atau hari libur.',
      en: 'The borrower may not be contacted now: it is outside their market’s contact hours in their local time, or a holiday.',
      es: 'No se puede contactar al acreditado ahora: está fuera del horario de contacto de su mercado en su hora local, o es día festivo.',
    },
  },
  promiseInvalid: {
    status: 400,
    messages: {
      id: 'Janji bayar harus bertanggal dari hari ini sampai 30 hari lagi, dengan jumlah tidak melebihi utangnya.',
      en: 'A promise to pay must be dated from today to 30 days ahead, for no more than what is owed.',
      es: 'Una promesa de pago debe tener fecha de hoy a 30 días, por no más de lo que se adeuda.',
    },
  },
  orderNotInCollections: {
    status: 409,
    messages: {
      id: 'Pesanan ini tidak sedang dibayar kembali: tidak ada yang perlu ditagih.',
      en: 'This order is not being repaid: there is nothing to collect.',
      es: 'Esta orden no se está pagando: no hay nada que cobrar.',
    },
  },
  // kb and staff administration
  kbGapGone: {
    status: 409,
    messages: {
      id: 'Pertanyaan-pertanyaan ini sudah ditautkan atau tidak ada lagi. Muat ulang daftarnya.',
      en: 'These questions were already linked or are no longer there. Reload the list.',
      es: 'Estas preguntas ya se vincularon o ya no están. Vuelve a cargar la lista.',
    },
  },
  fourEyesSameMember: {
    status: 403,
    messages: {
      id: 'Anggota lain harus mengonfirmasi permintaan ini, bukan yang memintanya.',
      en: 'Another member must confirm this request, not the one who asked for it.',
      es: 'Otro miembro debe confirmar esta solicitud, no quien la pidió.',
    },
  },
  fourEyesExpired: {
    status: 409,
    messages: {
      id: 'Permintaan ini menunggu terlalu lama dan tidak dapat dikonfirmasi lagi. Batalkan dan minta lagi.',
      en: 'This request waited too long and can no longer be confirmed. Withdraw it and ask again.',
      es: 'Esta solicitud esperó demasiado y ya no se puede confirmar. Retírala y pídela de nuevo.',
    },
  },
  staffRolePending: {
    status: 409,
    messages: {
      id: 'Perubahan peran anggota ini sudah menunggu konfirmasi administrator lain.',
      en: "A change of this member's role is already waiting for another administrator.",
      es: 'Un cambio de rol de este miembro ya espera la confirmación de otro administrador.',
    },
  },
  staffRoleNotPending: {
    status: 409,
    messages: {
      id: 'Perubahan peran ini tidak lagi menunggu konfirmasi.',
      en: 'This role change is no longer waiting for confirmation.',
      es: 'Este cambio de rol ya no espera confirmación.',
    },
  },
  staffSelfChange: {
    status: 409,
    messages: {
      id: 'Anda tidak dapat mengubah peran, faktor kedua, atau sesi akun Anda sendiri di sini. Minta administrator lain.',
      en: 'You cannot change your own role, second factor or sessions here. Ask another administrator.',
      es: 'No puedes cambiar tu propio rol, segundo factor o sesiones aquí. Pídeselo a otro administrador.',
    },
  },
  staffAdminByGrant: {
    status: 409,
    messages: {
      id: 'Administrator dibuat melalui pemberian peran yang dikonfirmasi administrator lain: buat akun dengan peran lain, lalu berikan peran administrator.',
      en: 'An administrator is made by a grant another administrator confirms: create the account with another role, then grant administrator.',
      es: 'Un administrador se nombra con una concesión que confirma otro administrador: crea la cuenta con otro rol y luego concede el rol de administrador.',
    },
  },
  // registration funnel
  funnelRangeInvalid: {
    status: 400,
    messages: {
      id: 'Rentang tanggal tidak valid: tanggal akhir harus sama atau setelah tanggal awal, paling lama 92 hari.',
      en: 'Invalid date range: the end must be on or after the start, at most 92 days.',
      es: 'Rango de fechas no válido: el final debe ser igual o posterior al inicio, de 92 días como máximo.',
    },
  },
  funnelTemplateNotFound: {
    status: 404,
    messages: {
      id: 'Halaman promosi ini tidak ada di pasar ini.',
      en: 'This landing page does not exist in this market.',
      es: 'Esta página de promoción no existe en este mercado.',
    },
  },
} as const)

type ErrorCodes = typeof ERROR_CODES & typeof OPS_ERROR_CODES

/**
 * Gives each error its code from ERROR_CODES or OPS_ERROR_CODES, by key, so that every code has its messages and
 * status; done in a call marked pure, so that a bundle that reads no message (the browser's: it
 * compares codes only) drops the whole table.
 */
function errorTable<const T extends { [K in keyof ErrorCodes]: Omit<ErrorDef, 'code'> }>(table: T): WithCodes<T> {
  const withCodes: Record<string, ErrorDef> = {}
  const codes: Record<string, number> = { ...ERROR_CODES, ...OPS_ERROR_CODES }
  for (const [key, def] of Object.entries(table)) withCodes[key] = { ...def, code: codes[key]! }
  return withCodes as unknown as WithCodes<T>
}

type WithCodes<T> = { [K in keyof T]: T[K] & { code: K extends keyof ErrorCodes ? ErrorCodes[K] : never } }

export type ErrorKey = keyof typeof ERRORS

export function errorMessage(key: ErrorKey, locale: Locale): string {
  return ERRORS[key].messages[locale]
}

export function errorKeyByCode(code: number | string): ErrorKey | undefined {
  const n = Number(code)
  return (Object.keys(ERRORS) as ErrorKey[]).find((k) => ERRORS[k].code === n)
}
