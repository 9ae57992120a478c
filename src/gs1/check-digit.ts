/** GS1 mod-10 check digit (GS1 General Specifications §7.9.1). */

/**
 * Check digit for a digit string given without its check digit: weights 3,1,3,… from the right.
 * The caller guarantees `body` holds only digits.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0
  let weight = 3
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight
    weight = 4 - weight
  }
  return (10 - (sum % 10)) % 10
}

/** True when `digits` is at least two digits and its last digit is the mod-10 check digit of the rest. */
export function hasValidCheckDigit(digits: string): boolean {
  const n = digits.length
  if (n < 2) return false
  for (let i = 0; i < n; i++) {
    const c = digits.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return gs1CheckDigit(digits.slice(0, n - 1)) === digits.charCodeAt(n - 1) - 48
}
