/**
 * Who and when, one line each. Staff addresses share the lender's domain, so the part before `@`
 * names the member in a narrow column; the whole address is the element's title.
 */
export function Who({ email, at }: { email: string; at: string }) {
  return (
    <>
      <span title={email}>{email.split('@')[0]}</span>
      <br />
      {at}
    </>
  )
}
