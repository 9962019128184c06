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
 * The stable number of each error, sent as the envelope's code. Kept apart from the messages so
 * that the browser, which only compares codes, does not ship every message in three languages.
 */
export const ERROR_CODES = {
  invalidRequest: 1000,
  sessionRequired: 1001,
  notFound: 1002,
  methodNotAllowed: 1003,
  payloadTooLarge: 1004,
  unsupportedMediaType: 1005,
  tooManyRequests: 1006,
  forbidden: 1007,
  internal: 1099,
  unavailable: 1098,
  phoneInvalid: 2001,
  smsCodeInvalid: 2002,
  smsCodeExpired: 2003,
  smsCodeTooManyTries: 2004,
  smsTooFrequent: 2005,
  productUnavailable: 3001,
  amountOutOfRange: 3002,
  orderInProgress: 3003,
  termMismatch: 3004,
  productCostTooHigh: 3005,
} as const

/**
 * Every error a borrower can meet, with the text they read in each language. The server throws
 * these by key; the envelope carries the code and the message in the borrower's language.
 */
export const ERRORS = {
  invalidRequest: {
    code: ERROR_CODES.invalidRequest, status: 400,
    messages: {
      id: 'Data yang Anda kirim tidak lengkap atau tidak valid. Silakan periksa dan coba lagi.',
      en: 'Some information is missing or not valid. Please check and try again.',
      es: 'Falta información o no es válida. Revísala e inténtalo de nuevo.',
    },
  },
  sessionRequired: {
    code: ERROR_CODES.sessionRequired, status: 401,
    messages: {
      id: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
      en: 'Your session has ended. Please log in again.',
      es: 'Tu sesión terminó. Inicia sesión de nuevo.',
    },
  },
  notFound: {
    code: ERROR_CODES.notFound, status: 404,
    messages: {
      id: 'Data yang Anda cari tidak ditemukan.',
      en: 'We could not find what you asked for.',
      es: 'No encontramos lo que buscas.',
    },
  },
  methodNotAllowed: {
    code: ERROR_CODES.methodNotAllowed, status: 405,
    messages: {
      id: 'Permintaan ini tidak didukung.',
      en: 'This request is not supported.',
      es: 'Esta solicitud no es compatible.',
    },
  },
  payloadTooLarge: {
    code: ERROR_CODES.payloadTooLarge, status: 413,
    messages: {
      id: 'Data atau file terlalu besar.',
      en: 'The data or file is too large.',
      es: 'Los datos o el archivo son demasiado grandes.',
    },
  },
  unsupportedMediaType: {
    code: ERROR_CODES.unsupportedMediaType, status: 415,
    messages: {
      id: 'Format data tidak didukung.',
      en: 'This data format is not supported.',
      es: 'Este formato de datos no es compatible.',
    },
  },
  tooManyRequests: {
    code: ERROR_CODES.tooManyRequests, status: 429,
    messages: {
      id: 'Terlalu banyak permintaan. Silakan tunggu sebentar dan coba lagi.',
      en: 'Too many requests. Please wait a moment and try again.',
      es: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    },
  },
  forbidden: {
    code: ERROR_CODES.forbidden, status: 403,
    messages: {
      id: 'Permintaan ditolak. Silakan muat ulang halaman dan coba lagi.',
      en: 'The request was refused. Please reload the page and try again.',
      es: 'La solicitud fue rechazada. Vuelve a cargar la página e inténtalo de nuevo.',
    },
  },
  internal: {
    code: ERROR_CODES.internal, status: 500,
    messages: {
      id: 'Terjadi kesalahan pada sistem kami. Silakan coba lagi.',
      en: 'Something went wrong on our side. Please try again.',
      es: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    },
  },
  unavailable: {
    code: ERROR_CODES.unavailable, status: 503,
    messages: {
      id: 'Layanan sedang tidak tersedia. Silakan coba lagi nanti.',
      en: 'The service is unavailable right now. Please try again later.',
      es: 'El servicio no está disponible ahora. Inténtalo más tarde.',
    },
  },
  phoneInvalid: {
    code: ERROR_CODES.phoneInvalid, status: 400,
    messages: {
      id: 'Silakan masukkan nomor ponsel dengan benar.',
      en: 'Please enter the phone number correctly.',
      es: 'Ingresa el número de celular correctamente.',
    },
  },
  smsCodeInvalid: {
    code: ERROR_CODES.smsCodeInvalid, status: 400,
    messages: {
      id: 'Silakan masukkan kode SMS dengan benar.',
      en: 'Please enter the SMS code correctly.',
      es: 'Ingresa el código SMS correctamente.',
    },
  },
  smsCodeExpired: {
    code: ERROR_CODES.smsCodeExpired, status: 400,
    messages: {
      id: 'Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.',
      en: 'The verification code has expired. Please get a new code.',
      es: 'El código de verificación caducó. Solicita un código nuevo.',
    },
  },
  smsCodeTooManyTries: {
    code: ERROR_CODES.smsCodeTooManyTries, status: 429,
    messages: {
      id: 'Terlalu banyak kode yang salah. Silakan minta kode baru.',
      en: 'Too many wrong codes. Please get a new code.',
      es: 'Demasiados códigos incorrectos. Solicita un código nuevo.',
    },
  },
  smsTooFrequent: {
    code: ERROR_CODES.smsTooFrequent, status: 429,
    messages: {
      id: 'Jangan mengirim kode berulang kali.',
      en: 'Please do not send the code repeatedly.',
      es: 'No envíes el código repetidamente.',
    },
  },
  productUnavailable: {
    code: ERROR_CODES.productUnavailable, status: 404,
    messages: {
      id: 'Produk ini sedang tidak tersedia. Silakan pilih produk lain.',
      en: 'This product is not available right now. Please choose another one.',
      es: 'Este producto no está disponible ahora. Elige otro.',
    },
  },
  amountOutOfRange: {
    code: ERROR_CODES.amountOutOfRange, status: 400,
    messages: {
      id: 'Jumlah pinjaman di luar batas produk ini.',
      en: 'The loan amount is outside this product\'s limits.',
      es: 'El monto del préstamo está fuera de los límites de este producto.',
    },
  },
  orderInProgress: {
    code: ERROR_CODES.orderInProgress, status: 409,
    messages: {
      id: 'Anda masih memiliki pinjaman yang belum lunas untuk produk ini.',
      en: 'You still have an unsettled loan with this product.',
      es: 'Todavía tienes un préstamo sin liquidar con este producto.',
    },
  },
  termMismatch: {
    code: ERROR_CODES.termMismatch, status: 400,
    messages: {
      id: 'Jangka waktu pinjaman tidak sesuai dengan produk ini. Silakan muat ulang halaman.',
      en: 'The loan term does not match this product. Please reload the page.',
      es: 'El plazo del préstamo no corresponde a este producto. Vuelve a cargar la página.',
    },
  },
  productCostTooHigh: {
    code: ERROR_CODES.productCostTooHigh, status: 400,
    messages: {
      id: 'Biaya produk melebihi batas yang berlaku: biaya harian, denda keterlambatan atau total biaya terhadap pokok pinjaman.',
      en: 'The product costs more than the caps in force allow: its daily cost, its late charges or its total cost against the principal.',
      es: 'El producto cuesta más de lo que permiten los topes vigentes: su costo diario, sus cargos por atraso o su costo total frente al capital.',
    },
  },
} as const satisfies Record<string, ErrorDef>

export type ErrorKey = keyof typeof ERRORS

export function errorMessage(key: ErrorKey, locale: Locale): string {
  return ERRORS[key].messages[locale]
}

export function errorKeyByCode(code: number | string): ErrorKey | undefined {
  const n = Number(code)
  return (Object.keys(ERRORS) as ErrorKey[]).find((k) => ERRORS[k].code === n)
}
