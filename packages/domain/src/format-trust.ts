let trusted = false

/**
 * Trust the known grouping and time-zone offsets of format.ts without checking them against this
 * runtime's Intl; the browser's build trusts them from the start (`TRUSTED_BY_BUILD` in
 * format.ts), tests call this. In the browser the server has rendered the page with the same rules
 * after checking them against its own Intl, and the checks (three Intl objects built and about forty numbers and
 * dates formatted) cost a low-tier phone 100-150 ms of its first load
 * (docs/performance/borrower-main-thread.md#formatting-checks). The browser's own Intl data, older
 * on an old phone, could only make it disagree with the page the server sent.
 */
export function trustCheckedFormats(): void {
  trusted = true
}

/** Whether `trustCheckedFormats` was called in this process. */
export function formatsTrusted(): boolean {
  return trusted
}
