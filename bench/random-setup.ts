/** Shared set-up of the benchmarks that draw their inputs at random: the same draws on every run. */

/** A deterministic PRNG (mulberry32) of numbers in [0, 1), so that every run measures the same inputs. */
export function seededRandom(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
