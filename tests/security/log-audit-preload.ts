/** Preload (bunfig `[test] preload`): after the whole run, fails it if any collected log line holds a secret, token or Authorization value. */
import { afterAll } from 'bun:test'
import { collector, describeFindings, scanForSecrets } from './log-audit.ts'

afterAll(() => {
  const { lines, known } = collector()
  const findings = scanForSecrets(lines, [...known])
  if (findings.length > 0) {
    throw new Error(
      `secrets in ${findings.length} of ${lines.length} log lines:\n${describeFindings(findings)}`,
    )
  }
})
