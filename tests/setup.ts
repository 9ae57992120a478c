/** Test preload (bunfig `[test] preload`): the run's temp directory, and after the whole run, the check that nothing is left in it. */
import { afterAll } from 'bun:test'
import { beginTempRun, endTempRun } from './support/temp.ts'

beginTempRun()

afterAll(() => {
  const strays = endTempRun()
  if (strays.length > 0) {
    throw new Error(
      `left in the temp directory by this run, removed now (use makeTempDir from tests/support/temp.ts, or remove them in the test): ${strays.join(', ')}`,
    )
  }
})
