import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clabeValid, demoSecrets, findSecrets, luhnValid, phoneForms } from './secrets.js'

const known = demoSecrets()

/** Lines as the server writes them (pino JSON), with everything a log may hold and nothing it may not. */
const CLEAN = [
  '{"level":30,"time":1795636835851,"pid":4242,"hostname":"ci","reqId":"req-1a","req":{"method":"GET","url":"/h5-api/v3/user/info?tok=[redacted]&lang=id","remoteAddress":"127.0.0.1"},"res":{"statusCode":200},"responseTime":3.1,"msg":"request completed"}',
  '{"level":30,"time":1795636835852,"reqId":"req-1b","req":{"method":"POST","url":"/h5-api/v3/user/sms-code?market=ID","remoteAddress":"127.0.0.1"},"res":{"statusCode":200},"responseTime":12.4,"msg":"request completed"}',
  '{"level":30,"time":1795636835853,"to":"+62812*****90","purpose":"login","msg":"sms stored in outbox"}',
  '{"level":30,"time":1795636835854,"req":{"method":"GET","url":"/h5-api/v3/demo/last-sms?phone=[redacted]&purpose=login"},"res":{"statusCode":200},"msg":"request completed"}',
  '{"level":30,"time":1795636835855,"req":{"method":"GET","url":"/h5-api/v3/loan-details/loan-details?productId=5&orderId=K2026000005&tok=[redacted]"},"res":{"statusCode":200},"msg":"request completed"}',
  '{"level":40,"time":1795636835856,"err":{"type":"AppError","message":"repayCodeWrong","code":800006},"msg":"request errored"}',
  '{"level":50,"time":1795636835857,"err":{"type":"DrizzleQueryError","message":"Failed query: select 1","code":"23505"},"msg":"request failed"}',
  '{"level":30,"time":1795636835858,"job":"orders","accrued":12,"amount":250000000,"gatewayPaymentId":"sbx_pay_0123456789abcdef","msg":"orders"}',
  '{"level":30,"time":1795636835859,"req":{"method":"GET","url":"/ops-api/staff/me"},"res":{"statusCode":401},"msg":"request completed"}',
  '{"level":30,"time":1795636835860,"req":{"method":"GET","url":"/media/complaints/0123456789abcdef0123456789abcdef.png"},"res":{"statusCode":200},"msg":"request completed"}',
  '{"level":30,"time":1795636835861,"signal":"SIGTERM","msg":"shutting down"}',
  // a response time whose sixteen decimals happen to pass the Luhn check, as one did in a real run
  '{"level":30,"time":1795637452850,"req":{"method":"GET","url":"/assets/x.js"},"res":{"statusCode":200},"responseTime":3.1996519999993325,"msg":"request completed"}',
  // an order number whose sixteen digits happen to pass the Luhn check, as one did in a real run
  '{"level":30,"time":1795639987985,"req":{"method":"GET","url":"/loan-detail?tok=[redacted]&lang=en&orderId=K2026112675518327"},"res":{"statusCode":200},"responseTime":34.2,"msg":"request completed"}',
].join('\n')

/** One planted secret of each kind, in the place it would leak from. */
const PLANTED = {
  'demo session token': '{"req":{"url":"/h5-api/v3/user/info?tok=demo-borrower-mx"}}',
  'token in tok': '{"req":{"url":"/h5-api/v3/user/info?tok=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0"}}',
  'token in sessionId': '{"msg":"x","sessionId":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"}',
  'token in cookie': '{"req":{"headers":{"cookie":"sid=QWxhZGRpbjpvcGVuIHNlc2FtZV9vcGVuX3Nlc2FtZQ"}}}',
  'token in authorization': '{"req":{"headers":{"authorization":"Bearer QWxhZGRpbjpvcGVuIHNlc2FtZV9vcGVuX3Nlc2FtZQ"}}}',
  'token in x-session-id': '{"headers":{"x-session-id":"QWxhZGRpbjpvcGVuIHNlc2FtZV9vcGVuX3Nlc2FtZQ"}}',
  'code in code': '{"req":{"url":"/h5-api/v3/user/sms-login?phone=[redacted]&code=482913"}}',
  'code in verifyCode': '{"body":{"verifyCode":"482913"}}',
  'SMS code': '{"msg":"Kode verifikasi Kilat Anda: 482913. Berlaku 5 menit."}',
  'demo staff password': '{"body":{"email":"agent@demo.kilat.example.com","password":"kilat-demo-staff"}}',
  'demo staff code secret': '{"msg":"otpauth://totp/Kilat?secret=KILATDEMOSTAFFTOTPSECRETKILATOPS"}',
  'demo borrower phone': '{"to":"081234567890"}',
  'full phone number': '{"to":"+6285712345678"}',
  'card number': '{"body":{"cardNo":"4111111111111111"}}',
  CLABE: '{"vcode":"032180000118359719"}',
  'demo payout account': '{"destination":{"channelCode":"BCA","accountNumber":"8730012345"}}',
  'demo identity number': '{"body":{"nik":"3273011205900001"}}',
  'Xendit secret key': '{"msg":"GET /balance","key":"xnd_production_abcdefghijklmnopqrstuvwxyz012345"}',
  'Razorpay key id': '{"msg":"auth rzp_live_AbCdEf0123456789"}',
  'Conekta private key': '{"headers":{"x":"key_AbCdEfGh0123456789xyz"}}',
  'private key': '{"err":{"message":"bad key -----BEGIN RSA PRIVATE KEY----- MIIE..."}}',
  'Twilio auth token': '{"settings":{"authToken":"0123456789abcdef0123456789abcdef"}}',
}

describe('findSecrets', () => {
  it('passes a clean log', () => {
    expect(findSecrets(CLEAN, known)).toEqual([])
  })

  for (const [kind, line] of Object.entries(PLANTED)) {
    it(`catches a planted ${kind}`, () => {
      const text = `${CLEAN}\n${line}\n`
      const findings = findSecrets(text, known)
      expect(findings.map((f) => f.kind)).toContain(kind)
      expect(findings.every((f) => f.line === CLEAN.split('\n').length + 1)).toBe(true)
    })
  }

  it('does not take a number that fails its check digit for a card or a CLABE', () => {
    expect(findSecrets('{"ref":"4111111111111112","other":"032180000118359710"}', known)).toEqual([])
  })

  it('does not take a masked number, a redacted value or a short flag for a secret', () => {
    expect(findSecrets('{"to":"+62812*****90","url":"/x?tok=[redacted]&sid=","cookie":"a=1"}', known)).toEqual([])
  })

  it('shortens what it shows of a long value', () => {
    const [finding] = findSecrets('{"sessionId":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"}', known)
    expect(finding.value).toBe('0f1e2d…')
  })
})

describe('the demo values', () => {
  it('are read from the seed files', () => {
    expect(known.tokens).toContain('demo-borrower')
    expect(known.phones).toContain('+6281234567890')
    expect(known.accounts).toContain('8730012345')
    expect(known.idNumbers).toEqual(['3273011205900001', '3174056108930002', 'BQKPS4821K', 'LOGM920714MJCPRR09'])
    expect(known.staffPassword.length).toBeGreaterThan(8)
  })

  it('give every written form of a phone number', () => {
    expect(phoneForms('+6281234567890')).toEqual(['+6281234567890', '6281234567890', '081234567890', '81234567890'])
  })

  it('check digits: Luhn and CLABE', () => {
    expect(luhnValid('5555555555554444')).toBe(true)
    expect(luhnValid('5555555555554445')).toBe(false)
    expect(clabeValid('032180000118359719')).toBe(true)
    expect(clabeValid('032180000118359718')).toBe(false)
  })
})

describe('npm run check:logs', () => {
  const script = path.resolve(import.meta.dirname, '../check-logs.mjs')
  const run = (file) => {
    try {
      return { status: 0, out: execFileSync(process.execPath, [script, file], { encoding: 'utf8', stdio: 'pipe' }) }
    } catch (error) {
      return { status: error.status, out: `${error.stdout}${error.stderr}` }
    }
  }

  it('exits 0 on a clean log and 1 on a leaking one, naming the line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-logs-'))
    try {
      fs.writeFileSync(path.join(dir, 'clean.log'), CLEAN)
      fs.writeFileSync(path.join(dir, 'leak.log'), `${CLEAN}\n${PLANTED['card number']}\n`)
      expect(run(path.join(dir, 'clean.log')).status).toBe(0)
      const leak = run(path.join(dir, 'leak.log'))
      expect(leak.status).toBe(1)
      expect(leak.out).toContain(`leak.log:${CLEAN.split('\n').length + 1}: card number`)
      expect(run(path.join(dir, 'missing.log')).status).toBe(1)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
